// Who issues an invoice: the business behind each site. Demo values until
// an operator's real details replace them; a site with none of its own
// invoices as the default company.

export type Seller = { name: string; address: string; companyCode: string; vatCode: string };

const DEFAULT_SELLER: Seller = {
  name: "Storefront Baltic UAB",
  address: "Gedimino pr. 1, LT-01103 Vilnius, Lithuania",
  companyCode: "300000001",
  vatCode: "LT100000000011",
};

const SELLERS: Record<string, Seller> = {
  default: DEFAULT_SELLER,
  lt: DEFAULT_SELLER,
  lv: {
    name: "Storefront Latvija SIA",
    address: "Brīvības iela 1, Rīga, LV-1010, Latvia",
    companyCode: "40000000001",
    vatCode: "LV40000000001",
  },
  ee: {
    name: "Storefront Eesti OÜ",
    address: "Narva mnt 1, 10117 Tallinn, Estonia",
    companyCode: "10000001",
    vatCode: "EE100000001",
  },
};

/** The seller of a site, by the site's code. */
export function sellerFor(siteCode: string): Seller {
  return SELLERS[siteCode] ?? DEFAULT_SELLER;
}
