import { describe, expect, it } from "vitest";
import { mayWrite } from "./pglite-dialect.server";

// The embedded database counts the statements that may write, so that a
// listing looks for catalogue changes only after one (catalogue-index).
// A write counted as a read would be a change never listed.
describe("statements that may write", () => {
  it("are every statement but a plain read", () => {
    for (const statement of [
      "insert into products (sku) values ($1)",
      "update products set price_minor = $1 where id = $2",
      "delete from products where id = $1",
      "  UPDATE products SET stock = 0",
      "with moved as (update products set category_id = $1 returning id) select count(*) from moved",
      "with gone as (delete from carts where id = $1 returning id) select id from gone",
      "select 1; update products set stock = 0",
      "begin",
      "commit",
      "create table t (id int)",
      "alter table products add column x int",
      "merge into products p using changes c on p.id = c.id when matched then update set stock = c.stock",
      "truncate catalogue_changes",
      "copy products from stdin",
      "call refresh_prices()",
      "do $$ begin perform 1; end $$",
      "set search_path to public",
    ]) {
      expect(mayWrite(statement), statement).toBe(true);
    }
  });

  it("leave out the reads", () => {
    for (const statement of [
      "select version::text from shell_state",
      'select "p"."id", "p"."slug" from "products" as "p" where "p"."id" = any($1)',
      "  SELECT 1",
      "(select 1) union (select 2)",
      "with shown as (select id from products) select * from shown",
      "show server_version",
      "explain select 1",
    ]) {
      expect(mayWrite(statement), statement).toBe(false);
    }
  });
});
