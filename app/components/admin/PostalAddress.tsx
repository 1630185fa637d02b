// Where a parcel goes, laid out as its label would be: name, street, postcode
// and town, phone. The order's and the forward request's pages show it alike.

export type Addressee = { first_name: string; last_name: string; first_address: string; zip: string; city: string; phone_number: string };

export function PostalAddress({ address }: { address: Addressee }) {
  return (
    <address className="rounded-lg bg-surface p-4 not-italic shadow-sm">
      {address.first_name} {address.last_name}
      <br />
      {address.first_address}
      <br />
      {address.zip} {address.city}
      <br />
      {address.phone_number}
    </address>
  );
}
