import net from "node:net";

/**
 * A database "somewhere else" that a test can take away and bring back: a
 * loopback TCP proxy in front of the test's PostgreSQL server. `down()`
 * cuts every connection through it and refuses new ones, as a database
 * restarting or failing over does to an app server; `up()` lets them in
 * again on the same port. Only the loopback address is ever used.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) => new Promise<number>((resolve) => server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
  const port = await listen(0);
  return {
    port,
    /** The database goes away: connections cut, new ones refused. */
    async down() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** The database is back at the same address. */
    async up() {
      await listen(port);
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
