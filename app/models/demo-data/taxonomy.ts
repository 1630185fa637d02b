import type { Translated } from "./reference";

// Categories, additional fields and flags. Ids are fixed: the spec names the
// top-level categories, and facets are keyed by additional field id.

export const TOP_CATEGORY_IDS = { electronics: 1, clothes: 2, footwear: 3, accessories: 4, cosmetics: 5 } as const;

export const FIELD_IDS = { size: 1, colour: 2, memory: 3, material: 4, shoeSize: 5, volume: 6, warehouseCode: 7 } as const;

export interface DemoCategory {
  id: number;
  parentId: number | null;
  position: number;
  slug: string;
  name: Translated;
  title: Translated;
}

export interface DemoLeaf extends DemoCategory {
  parentId: number;
  /** Share of the catalogue, out of the sum over all leaves. */
  weight: number;
  /** Price range in euro cents before rounding to a shelf price. */
  price: readonly [number, number];
  /** Option codes a product of this leaf may carry, per field code. */
  fields: Partial<Record<FieldCode, LeafField>>;
}

export interface LeafField {
  options: readonly string[];
  /** How many neighbouring options one product carries (sizes come in runs). */
  count?: readonly [number, number];
}

export const TOP_CATEGORIES: readonly DemoCategory[] = [
  {
    id: 1, parentId: null, position: 1, slug: "electronics",
    name: { en: "Electronics", lt: "Elektronika", lv: "Elektronika", ee: "Elektroonika" },
    title: { en: "Electronics and gadgets", lt: "Elektronika ir išmanieji įrenginiai", lv: "Elektronika un viedierīces", ee: "Elektroonika ja nutiseadmed" },
  },
  {
    id: 2, parentId: null, position: 2, slug: "clothes",
    name: { en: "Clothes", lt: "Drabužiai", lv: "Apģērbi", ee: "Riided" },
    title: { en: "Clothes for every season", lt: "Drabužiai kiekvienam sezonui", lv: "Apģērbi katrai sezonai", ee: "Riided igaks aastaajaks" },
  },
  {
    id: 3, parentId: null, position: 3, slug: "footwear",
    name: { en: "Footwear", lt: "Avalynė", lv: "Apavi", ee: "Jalatsid" },
    title: { en: "Footwear for city and trail", lt: "Avalynė miestui ir gamtai", lv: "Apavi pilsētai un dabai", ee: "Jalatsid linna ja loodusesse" },
  },
  {
    id: 4, parentId: null, position: 4, slug: "accessories",
    name: { en: "Accessories", lt: "Aksesuarai", lv: "Aksesuāri", ee: "Aksessuaarid" },
    title: { en: "Bags, wallets and accessories", lt: "Krepšiai, piniginės ir aksesuarai", lv: "Somas, maki un aksesuāri", ee: "Kotid, rahakotid ja aksessuaarid" },
  },
  {
    id: 5, parentId: null, position: 5, slug: "cosmetics",
    name: { en: "Cosmetics", lt: "Kosmetika", lv: "Kosmētika", ee: "Kosmeetika" },
    title: { en: "Cosmetics and personal care", lt: "Kosmetika ir asmens priežiūra", lv: "Kosmētika un personīgā higiēna", ee: "Kosmeetika ja isikuhooldus" },
  },
];

const ELECTRONICS_COLOURS = ["black", "white", "grey", "silver", "blue", "green", "pink"];
const CLOTHES_COLOURS = ["black", "white", "grey", "beige", "brown", "red", "pink", "blue", "navy", "green", "yellow"];
const FOOTWEAR_COLOURS = ["black", "white", "grey", "beige", "brown", "red", "blue", "green"];
const ACCESSORY_COLOURS = ["black", "brown", "beige", "red", "navy", "grey"];
const CLOTHES_SIZES = { options: ["xs", "s", "m", "l", "xl", "xxl"], count: [2, 4] } as const;
const SHOE_SIZES = { options: ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"], count: [3, 6] } as const;

export const LEAF_CATEGORIES: readonly DemoLeaf[] = [
  {
    id: 101, parentId: 1, position: 1, slug: "phones", weight: 6, price: [9900, 149900],
    name: { en: "Phones", lt: "Telefonai", lv: "Tālruņi", ee: "Telefonid" },
    title: { en: "Mobile phones", lt: "Mobilieji telefonai", lv: "Mobilie tālruņi", ee: "Mobiiltelefonid" },
    fields: { colour: { options: ELECTRONICS_COLOURS }, memory: { options: ["64gb", "128gb", "256gb", "512gb", "1tb"] } },
  },
  {
    id: 102, parentId: 1, position: 2, slug: "laptops", weight: 4, price: [29900, 199999],
    name: { en: "Laptops", lt: "Nešiojamieji kompiuteriai", lv: "Portatīvie datori", ee: "Sülearvutid" },
    title: { en: "Laptops for work and play", lt: "Nešiojamieji kompiuteriai darbui ir žaidimams", lv: "Portatīvie datori darbam un spēlēm", ee: "Sülearvutid tööks ja mänguks" },
    fields: { colour: { options: ["black", "grey", "silver", "white"] }, memory: { options: ["256gb", "512gb", "1tb", "2tb"] } },
  },
  {
    id: 103, parentId: 1, position: 3, slug: "headphones", weight: 6, price: [1999, 39900],
    name: { en: "Headphones", lt: "Ausinės", lv: "Austiņas", ee: "Kõrvaklapid" },
    title: { en: "Headphones and earbuds", lt: "Ausinės ir įkišamosios ausinės", lv: "Austiņas un ieliekamās austiņas", ee: "Kõrvaklapid ja nööpkõrvaklapid" },
    fields: { colour: { options: ELECTRONICS_COLOURS } },
  },
  {
    id: 104, parentId: 1, position: 4, slug: "smartwatches", weight: 4, price: [2999, 79900],
    name: { en: "Smartwatches", lt: "Išmanieji laikrodžiai", lv: "Viedpulksteņi", ee: "Nutikellad" },
    title: { en: "Smartwatches and fitness trackers", lt: "Išmanieji laikrodžiai ir apyrankės", lv: "Viedpulksteņi un fitnesa aproces", ee: "Nutikellad ja aktiivsusmonitorid" },
    fields: { colour: { options: ELECTRONICS_COLOURS } },
  },
  {
    id: 201, parentId: 2, position: 1, slug: "jackets", weight: 6, price: [3999, 39900],
    name: { en: "Jackets", lt: "Striukės", lv: "Jakas", ee: "Joped" },
    title: { en: "Jackets and coats", lt: "Striukės ir paltai", lv: "Jakas un mēteļi", ee: "Joped ja mantlid" },
    fields: { size: CLOTHES_SIZES, colour: { options: CLOTHES_COLOURS }, material: { options: ["polyester", "cotton", "wool"] } },
  },
  {
    id: 202, parentId: 2, position: 2, slug: "t-shirts", weight: 8, price: [799, 4999],
    name: { en: "T-shirts", lt: "Marškinėliai", lv: "T-krekli", ee: "T-särgid" },
    title: { en: "T-shirts and tops", lt: "Marškinėliai ir palaidinukės", lv: "T-krekli un topi", ee: "T-särgid ja topid" },
    fields: { size: CLOTHES_SIZES, colour: { options: CLOTHES_COLOURS }, material: { options: ["cotton", "linen", "polyester"] } },
  },
  {
    id: 203, parentId: 2, position: 3, slug: "dresses", weight: 6, price: [1999, 24900],
    name: { en: "Dresses", lt: "Suknelės", lv: "Kleitas", ee: "Kleidid" },
    title: { en: "Dresses for any occasion", lt: "Suknelės bet kokiai progai", lv: "Kleitas jebkuram gadījumam", ee: "Kleidid igaks puhuks" },
    fields: { size: CLOTHES_SIZES, colour: { options: CLOTHES_COLOURS }, material: { options: ["cotton", "linen", "polyester", "wool"] } },
  },
  {
    id: 204, parentId: 2, position: 4, slug: "hoodies", weight: 6, price: [2499, 12900],
    name: { en: "Hoodies & sweaters", lt: "Džemperiai ir megztiniai", lv: "Džemperi un svīteri", ee: "Pusad ja kampsunid" },
    title: { en: "Hoodies, sweatshirts and sweaters", lt: "Džemperiai su gobtuvu ir megztiniai", lv: "Džemperi ar kapuci un svīteri", ee: "Kapuutsiga pusad ja kampsunid" },
    fields: { size: CLOTHES_SIZES, colour: { options: CLOTHES_COLOURS }, material: { options: ["cotton", "wool", "polyester"] } },
  },
  {
    id: 301, parentId: 3, position: 1, slug: "sneakers", weight: 7, price: [3999, 24900],
    name: { en: "Sneakers", lt: "Sportbačiai", lv: "Sporta apavi", ee: "Tossud" },
    title: { en: "Sneakers and running shoes", lt: "Sportbačiai ir bėgimo bateliai", lv: "Sporta apavi un skriešanas apavi", ee: "Tossud ja jooksujalatsid" },
    fields: { shoeSize: SHOE_SIZES, colour: { options: FOOTWEAR_COLOURS }, material: { options: ["textile", "leather", "synthetic", "suede"] } },
  },
  {
    id: 302, parentId: 3, position: 2, slug: "boots", weight: 5, price: [4999, 34900],
    name: { en: "Boots", lt: "Batai", lv: "Zābaki", ee: "Saapad" },
    title: { en: "Boots for cold days", lt: "Batai šaltoms dienoms", lv: "Zābaki aukstām dienām", ee: "Saapad külmadeks päevadeks" },
    fields: { shoeSize: SHOE_SIZES, colour: { options: FOOTWEAR_COLOURS }, material: { options: ["leather", "suede", "synthetic"] } },
  },
  {
    id: 303, parentId: 3, position: 3, slug: "sandals", weight: 3, price: [1499, 8999],
    name: { en: "Sandals", lt: "Sandalai", lv: "Sandales", ee: "Sandaalid" },
    title: { en: "Sandals and slides", lt: "Sandalai ir šlepetės", lv: "Sandales un iešļūcenes", ee: "Sandaalid ja plätud" },
    fields: { shoeSize: SHOE_SIZES, colour: { options: FOOTWEAR_COLOURS }, material: { options: ["leather", "textile", "synthetic"] } },
  },
  {
    id: 304, parentId: 3, position: 4, slug: "formal-shoes", weight: 3, price: [5999, 29900],
    name: { en: "Formal shoes", lt: "Klasikiniai batai", lv: "Klasiskie apavi", ee: "Klassikalised kingad" },
    title: { en: "Formal shoes for the office and occasions", lt: "Klasikiniai batai biurui ir progoms", lv: "Klasiskie apavi birojam un svētkiem", ee: "Klassikalised kingad kontorisse ja pidulikeks puhkudeks" },
    fields: { shoeSize: SHOE_SIZES, colour: { options: ["black", "brown", "beige", "navy"] }, material: { options: ["leather", "suede"] } },
  },
  {
    id: 401, parentId: 4, position: 1, slug: "bags", weight: 5, price: [1999, 49900],
    name: { en: "Bags", lt: "Krepšiai", lv: "Somas", ee: "Kotid" },
    title: { en: "Bags and backpacks", lt: "Krepšiai ir kuprinės", lv: "Somas un mugursomas", ee: "Kotid ja seljakotid" },
    fields: { colour: { options: ACCESSORY_COLOURS }, material: { options: ["leather", "textile", "polyester", "cotton"] } },
  },
  {
    id: 402, parentId: 4, position: 2, slug: "wallets", weight: 4, price: [999, 14900],
    name: { en: "Wallets", lt: "Piniginės", lv: "Maki", ee: "Rahakotid" },
    title: { en: "Wallets and card holders", lt: "Piniginės ir kortelių dėklai", lv: "Maki un karšu maciņi", ee: "Rahakotid ja kaarditaskud" },
    fields: { colour: { options: ACCESSORY_COLOURS }, material: { options: ["leather", "synthetic"] } },
  },
  {
    id: 403, parentId: 4, position: 3, slug: "sunglasses", weight: 4, price: [1299, 24900],
    name: { en: "Sunglasses", lt: "Akiniai nuo saulės", lv: "Saulesbrilles", ee: "Päikeseprillid" },
    title: { en: "Sunglasses with UV protection", lt: "Akiniai nuo saulės su UV apsauga", lv: "Saulesbrilles ar UV aizsardzību", ee: "UV-kaitsega päikeseprillid" },
    fields: { colour: { options: ["black", "brown", "silver", "blue", "green"] } },
  },
  {
    id: 404, parentId: 4, position: 4, slug: "belts", weight: 3, price: [999, 9999],
    name: { en: "Belts", lt: "Diržai", lv: "Jostas", ee: "Vööd" },
    title: { en: "Belts for jeans and suits", lt: "Diržai džinsams ir kostiumams", lv: "Jostas džinsiem un uzvalkiem", ee: "Vööd teksade ja ülikondade juurde" },
    fields: { colour: { options: ["black", "brown", "beige", "navy"] }, material: { options: ["leather", "textile", "synthetic"] } },
  },
  {
    id: 501, parentId: 5, position: 1, slug: "skincare", weight: 6, price: [499, 9999],
    name: { en: "Skincare", lt: "Veido priežiūra", lv: "Sejas kopšana", ee: "Näohooldus" },
    title: { en: "Face creams, serums and cleansers", lt: "Veido kremai, serumai ir prausikliai", lv: "Sejas krēmi, serumi un attīrīšanas līdzekļi", ee: "Näokreemid, seerumid ja puhastusvahendid" },
    fields: { volume: { options: ["15ml", "30ml", "50ml"] } },
  },
  {
    id: 502, parentId: 5, position: 2, slug: "makeup", weight: 5, price: [299, 5999],
    name: { en: "Makeup", lt: "Makiažas", lv: "Dekoratīvā kosmētika", ee: "Meik" },
    title: { en: "Makeup for eyes, lips and face", lt: "Akių, lūpų ir veido makiažas", lv: "Dekoratīvā kosmētika acīm, lūpām un sejai", ee: "Meik silmadele, huultele ja näole" },
    fields: { colour: { options: ["black", "red", "pink", "beige", "brown"] } },
  },
  {
    id: 503, parentId: 5, position: 3, slug: "fragrances", weight: 5, price: [1999, 19900],
    name: { en: "Fragrances", lt: "Kvepalai", lv: "Smaržas", ee: "Lõhnad" },
    title: { en: "Perfumes and fragrances", lt: "Kvepalai ir tualetiniai vandenys", lv: "Smaržas un tualetes ūdeņi", ee: "Parfüümid ja tualettveed" },
    fields: { volume: { options: ["30ml", "50ml", "100ml"] } },
  },
  {
    id: 504, parentId: 5, position: 4, slug: "hair-care", weight: 4, price: [299, 4999],
    name: { en: "Hair care", lt: "Plaukų priežiūra", lv: "Matu kopšana", ee: "Juuksehooldus" },
    title: { en: "Shampoos, conditioners and hair care", lt: "Šampūnai, kondicionieriai ir plaukų priežiūra", lv: "Šampūni, kondicionieri un matu kopšana", ee: "Šampoonid, palsamid ja juuksehooldus" },
    fields: { volume: { options: ["100ml", "200ml", "250ml", "500ml"] } },
  },
];

export type FieldCode = keyof typeof FIELD_IDS;

export interface DemoField {
  id: number;
  code: string;
  disabledInIndex: boolean;
  name: Translated;
  options: readonly { code: string; label: Translated }[];
}

/** A label that reads the same in every language (sizes, units, codes). */
function same(label: string): Translated {
  return { en: label, lt: label, lv: label, ee: label };
}

export const ADDITIONAL_FIELDS: readonly DemoField[] = [
  {
    id: 1, code: "size", disabledInIndex: false,
    name: { en: "Size", lt: "Dydis", lv: "Izmērs", ee: "Suurus" },
    options: ["XS", "S", "M", "L", "XL", "XXL"].map((s) => ({ code: s.toLowerCase(), label: same(s) })),
  },
  {
    id: 2, code: "colour", disabledInIndex: false,
    name: { en: "Colour", lt: "Spalva", lv: "Krāsa", ee: "Värv" },
    options: [
      { code: "black", label: { en: "Black", lt: "Juoda", lv: "Melna", ee: "Must" } },
      { code: "white", label: { en: "White", lt: "Balta", lv: "Balta", ee: "Valge" } },
      { code: "grey", label: { en: "Grey", lt: "Pilka", lv: "Pelēka", ee: "Hall" } },
      { code: "silver", label: { en: "Silver", lt: "Sidabrinė", lv: "Sudraba", ee: "Hõbedane" } },
      { code: "beige", label: { en: "Beige", lt: "Smėlio", lv: "Bēša", ee: "Beež" } },
      { code: "brown", label: { en: "Brown", lt: "Ruda", lv: "Brūna", ee: "Pruun" } },
      { code: "red", label: { en: "Red", lt: "Raudona", lv: "Sarkana", ee: "Punane" } },
      { code: "pink", label: { en: "Pink", lt: "Rožinė", lv: "Rozā", ee: "Roosa" } },
      { code: "blue", label: { en: "Blue", lt: "Mėlyna", lv: "Zila", ee: "Sinine" } },
      { code: "navy", label: { en: "Navy", lt: "Tamsiai mėlyna", lv: "Tumši zila", ee: "Tumesinine" } },
      { code: "green", label: { en: "Green", lt: "Žalia", lv: "Zaļa", ee: "Roheline" } },
      { code: "yellow", label: { en: "Yellow", lt: "Geltona", lv: "Dzeltena", ee: "Kollane" } },
    ],
  },
  {
    id: 3, code: "memory", disabledInIndex: false,
    name: { en: "Memory", lt: "Atmintis", lv: "Atmiņa", ee: "Mälu" },
    options: ["64 GB", "128 GB", "256 GB", "512 GB", "1 TB", "2 TB"].map((s) => ({ code: s.replace(" ", "").toLowerCase(), label: same(s) })),
  },
  {
    id: 4, code: "material", disabledInIndex: false,
    name: { en: "Material", lt: "Medžiaga", lv: "Materiāls", ee: "Materjal" },
    options: [
      { code: "cotton", label: { en: "Cotton", lt: "Medvilnė", lv: "Kokvilna", ee: "Puuvill" } },
      { code: "wool", label: { en: "Wool", lt: "Vilna", lv: "Vilna", ee: "Vill" } },
      { code: "linen", label: { en: "Linen", lt: "Linas", lv: "Lins", ee: "Lina" } },
      { code: "polyester", label: { en: "Polyester", lt: "Poliesteris", lv: "Poliesters", ee: "Polüester" } },
      { code: "leather", label: { en: "Leather", lt: "Oda", lv: "Āda", ee: "Nahk" } },
      { code: "suede", label: { en: "Suede", lt: "Zomša", lv: "Zamšs", ee: "Seemisnahk" } },
      { code: "textile", label: { en: "Textile", lt: "Tekstilė", lv: "Tekstils", ee: "Tekstiil" } },
      { code: "synthetic", label: { en: "Synthetic", lt: "Sintetinė medžiaga", lv: "Sintētisks materiāls", ee: "Sünteetiline materjal" } },
    ],
  },
  {
    id: 5, code: "shoe_size", disabledInIndex: false,
    name: { en: "Shoe size (EU)", lt: "Avalynės dydis (ES)", lv: "Apavu izmērs (ES)", ee: "Jalatsi suurus (EL)" },
    options: SHOE_SIZES.options.map((s) => ({ code: s, label: same(s) })),
  },
  {
    id: 6, code: "volume", disabledInIndex: false,
    name: { en: "Volume", lt: "Tūris", lv: "Tilpums", ee: "Maht" },
    options: ["15 ml", "30 ml", "50 ml", "100 ml", "200 ml", "250 ml", "500 ml"].map((s) => ({ code: s.replace(" ", ""), label: same(s) })),
  },
  {
    // Every product carries one, but shoppers never filter by it: the
    // facet list must hide fields that are disabled in the index.
    id: 7, code: "warehouse_code", disabledInIndex: true,
    name: { en: "Warehouse", lt: "Sandėlis", lv: "Noliktava", ee: "Ladu" },
    options: ["VNO-A", "VNO-B", "RIX-1", "TLL-1"].map((s) => ({ code: s.toLowerCase(), label: same(s) })),
  },
];

/** Option ids are field id × 100 + position, so they stay stable when lists grow. */
export function optionId(fieldCode: FieldCode, optionCode: string) {
  const field = ADDITIONAL_FIELDS.find((f) => f.id === FIELD_IDS[fieldCode]);
  const index = field?.options.findIndex((o) => o.code === optionCode) ?? -1;
  if (!field || index < 0) throw new Error(`Unknown option ${fieldCode}:${optionCode}`);
  return field.id * 100 + index + 1;
}

/** Fields shoppers filter a leaf by; the warehouse code is never among them. */
export function filterableFieldIds(leaf: DemoLeaf) {
  return (Object.keys(leaf.fields) as FieldCode[]).map((code) => FIELD_IDS[code]).sort((a, b) => a - b);
}

export interface DemoFlag {
  id: number;
  type: "" | "1" | "2";
  position: number;
  slug: string;
  name: Translated;
}

export const FLAG_IDS = { new: 1, bestseller: 2, eco: 3, exclusive: 4, blackFriday: 10, winterWarmUp: 11, backToSchool: 12, homeOffice: 13 } as const;

export const FLAGS: readonly DemoFlag[] = [
  { id: 1, type: "1", position: 1, slug: "new", name: { en: "New", lt: "Naujiena", lv: "Jaunums", ee: "Uus" } },
  { id: 2, type: "1", position: 2, slug: "bestseller", name: { en: "Bestseller", lt: "Perkamiausia", lv: "Pārdotākais", ee: "Enimmüüdud" } },
  { id: 3, type: "1", position: 3, slug: "eco", name: { en: "Eco", lt: "Ekologiška", lv: "Ekoloģisks", ee: "Öko" } },
  { id: 4, type: "", position: 4, slug: "exclusive", name: { en: "Exclusive", lt: "Išskirtinis", lv: "Ekskluzīvs", ee: "Eksklusiivne" } },
  { id: 10, type: "2", position: 1, slug: "black-friday", name: { en: "Black Friday deals", lt: "Juodojo penktadienio pasiūlymai", lv: "Melnās piektdienas piedāvājumi", ee: "Musta reede pakkumised" } },
  { id: 11, type: "2", position: 2, slug: "winter-warm-up", name: { en: "Winter warm-up", lt: "Pasiruoškite žiemai", lv: "Gatavojies ziemai", ee: "Talveks valmis" } },
  { id: 12, type: "2", position: 3, slug: "back-to-school", name: { en: "Back to school", lt: "Atgal į mokyklą", lv: "Atpakaļ uz skolu", ee: "Tagasi kooli" } },
  { id: 13, type: "2", position: 4, slug: "home-office", name: { en: "Home office", lt: "Namų biuras", lv: "Mājas birojs", ee: "Kodukontor" } },
];
