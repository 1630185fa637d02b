// The shop's glossary: one word per thing in each language, the words a
// near synonym must not replace, and the text that shows the chosen word.
// docs/glossary.md explains the choices; texts.test.ts holds every
// language's texts to this list, so a banned variant fails the unit tests.

export type GlossaryLanguage = "en" | "lt" | "lv" | "ee";

export type Term = {
  /** What the shop means by it. */
  concept: string;
  /** The chosen word in each language, as docs/glossary.md writes it. */
  terms: Record<GlossaryLanguage, string>;
  /** A text that names the concept and must hold the chosen word (any case, any ending): key and the word's stem. */
  shownIn?: { key: string; stems: Partial<Record<GlossaryLanguage, string>> };
  /** Variants that must not appear, per language: in every text, or only in the texts whose keys match `within`. */
  banned?: Partial<Record<GlossaryLanguage, RegExp>>;
  within?: RegExp;
};

// The texts about a quote: its pages, its kind in lists and the sentences that name it.
const QUOTE_TEXTS =
  /quote|^(stores\.orderFrom|auth\.loginIntro|timeline\.(intro|empty)|balance\.currentHint|home\.(stepPayTitle|howItWorks)|forwarding\.(declare\.(quote|noQuote|useQuote)|errors\.quote))$/i;

export const GLOSSARY: readonly Term[] = [
  {
    concept: "quote: the price the shop gives for goods of a foreign shop, and the request for it",
    terms: { en: "quote", lt: "užklausa", lv: "cenu piedāvājums", ee: "hinnapakkumine" },
    shownIn: { key: "orders.kind_quote", stems: { lt: "užklaus", lv: "cenu piedāvājum", ee: "hinnapakkumi" } },
    // "Pasiūlymas", a bare "piedāvājums" and a bare "pakkumine" are the deals of the deal zone.
    banned: { lt: /pasiūlym/i, lv: /(?<!cenu )piedāvājum/i, ee: /(?<!hinna)pakkumi/i },
    within: QUOTE_TEXTS,
  },
  {
    concept: "deal: a discounted offer of the deal zone",
    terms: { en: "deal", lt: "pasiūlymas", lv: "piedāvājums", ee: "pakkumine" },
    shownIn: { key: "shell.dealzone", stems: { lt: "pasiūlym", lv: "piedāvājum", ee: "pakkumis" } },
  },
  {
    concept: "order",
    terms: { en: "order", lt: "užsakymas", lv: "pasūtījums", ee: "tellimus" },
    shownIn: { key: "orders.number", stems: { lt: "užsakym", lv: "pasūtījum", ee: "tellimus" } },
  },
  {
    concept: "cart",
    terms: { en: "cart", lt: "krepšelis", lv: "grozs", ee: "ostukorv" },
    shownIn: { key: "shell.cart", stems: { lt: "krepšel", lv: "groz", ee: "ostukorv" } },
  },
  {
    concept: "checkout: filling in delivery and payment before the order is placed",
    terms: { en: "checkout", lt: "užsakymo pildymas", lv: "pasūtījuma noformēšana", ee: "tellimuse vormistamine" },
    shownIn: { key: "checkout.errors.notFound", stems: { lt: "užsakymo pildym", lv: "noformēšan", ee: "vormistami" } },
  },
  {
    concept: "balance: the money kept in the customer's account",
    terms: { en: "balance", lt: "likutis", lv: "atlikums", ee: "saldo" },
    shownIn: { key: "balance.title", stems: { lt: "likut", lv: "atlikum", ee: "saldo" } },
    banned: { lt: /balans/i, lv: /bilanc/i, ee: /kontojää|\bjääk/i },
  },
  {
    concept: "top-up: money added to the balance",
    terms: { en: "top-up", lt: "papildymas", lv: "papildināšana", ee: "täiendamine" },
    shownIn: { key: "balance.kinds.topUp", stems: { lt: "papildym", lv: "papildināšan", ee: "täiendami" } },
    banned: { lt: /\bįnaš/i, lv: /uzpild/i, ee: /sissemaks|saldo laadimi/i },
  },
  {
    concept: "refund: money paid back (not goods returned)",
    terms: { en: "refund", lt: "grąžinimas", lv: "atmaksa", ee: "tagasimakse" },
    shownIn: { key: "balance.kinds.orderRefund", stems: { lt: "grąžinim", lv: "atmaks", ee: "tagasimakse" } },
    // Estonian "tagastus" is goods sent back.
    banned: { ee: /tagastus|tagastati/i },
  },
  {
    concept: "parcel: what a shop sends to one of our warehouses for the customer",
    terms: { en: "parcel", lt: "siuntinys", lv: "sūtījums", ee: "pakk" },
    shownIn: { key: "tracking.subject_parcel", stems: { lt: "siuntin", lv: "sūtījum", ee: "pakk" } },
    // Lithuanian "siunta" is the shipment a carrier tracks; Latvian "paka" is the colloquial word.
    banned: { lt: /siunt(a|os|ą|ų) (ir )?persiunt|siuntų persiunt/i, lv: /\bpak(a|as|u|ai|ā|ām|ās)\b/i, ee: /\bpakett/i },
  },
  {
    concept: "shipment: what a carrier carries and tracks",
    terms: { en: "shipment", lt: "siunta", lv: "sūtījums", ee: "saadetis" },
    shownIn: { key: "tracking.shipmentTitle", stems: { lt: "siunt", lv: "sūtījum", ee: "saadetis" } },
  },
  {
    concept: "forwarding: sending the customer's parcels on from our warehouse",
    terms: { en: "forwarding", lt: "persiuntimas", lv: "pārsūtīšana", ee: "edasisaatmine" },
    shownIn: { key: "orders.kind_forward", stems: { lt: "persiunt", lv: "pārsūtīšan", ee: "edasisaatmi" } },
    banned: { lv: /pāradres/i, ee: /ümbersuuna|suunake/i },
  },
  {
    concept: "forward request: the customer's request to forward parcels",
    terms: { en: "forward request", lt: "persiuntimo užsakymas", lv: "pārsūtīšanas pieprasījums", ee: "edasisaatmise taotlus" },
    shownIn: { key: "forwarding.request.title", stems: { lt: "persiuntimo užsakym", lv: "pārsūtīšanas pieprasījum", ee: "edasisaatmise taotlus" } },
    banned: { lt: /persiuntimo užklaus/i, lv: /pārsūtīšanas pasūtījum/i, ee: /edasisaatmise tellimus(?!i)/i },
    within: /^(forwarding|tracking|balance)\./,
  },
  {
    concept: "warehouse",
    terms: { en: "warehouse", lt: "sandėlis", lv: "noliktava", ee: "ladu" },
    shownIn: { key: "forwarding.parcels.warehouse", stems: { lt: "sandėl", lv: "noliktav", ee: "ladu" } },
  },
  {
    concept: "suite: the customer's number at our warehouse address",
    terms: { en: "suite", lt: "Suite", lv: "Suite", ee: "Suite" },
    shownIn: { key: "forwarding.parcels.addressesIntro", stems: { en: "suite", lt: "suite", lv: "suite", ee: "suite" } },
  },
  {
    concept: "tracking",
    terms: { en: "tracking", lt: "sekimas", lv: "izsekošana", ee: "jälgimine" },
    shownIn: { key: "shell.tracking", stems: { lt: "sekim", lv: "izsekošan", ee: "jälgimi" } },
  },
  {
    concept: "claim: a warranty or marketplace complaint about bought goods",
    terms: { en: "claim", lt: "pretenzija", lv: "pretenzija", ee: "pretensioon" },
    shownIn: { key: "claims.list.number", stems: { lt: "pretenzij", lv: "pretenzij", ee: "pretensioon" } },
    banned: { lt: /skund/i, lv: /sūdzīb/i, ee: /\bnõu(e|de|et|ded|deid)\b/i },
    within: /^claims\./,
  },
  {
    concept: "invoice",
    terms: { en: "invoice", lt: "sąskaita faktūra", lv: "rēķins", ee: "arve" },
    shownIn: { key: "orders.kind_invoice", stems: { lt: "sąskaita faktūra", lv: "rēķin", ee: "arve" } },
  },
  {
    concept: "marketplace",
    terms: { en: "marketplace", lt: "prekyvietė", lv: "tirgus", ee: "turuplats" },
    shownIn: { key: "shell.marketplace", stems: { lt: "prekyviet", lv: "tirgus", ee: "turuplats" } },
    banned: { lv: /tirdzniecības viet|tirgus vietn/i, ee: /\bturg(u|ul|ult|ule|ust)?\b/i },
  },
  {
    concept: "seller",
    terms: { en: "seller", lt: "pardavėjas", lv: "pārdevējs", ee: "müüja" },
    shownIn: { key: "invoice.seller", stems: { lt: "pardavėj", lv: "pārdevēj", ee: "müüja" } },
  },
  {
    concept: "sign in",
    terms: { en: "sign in", lt: "prisijungti", lv: "pieteikties", ee: "sisse logida" },
    shownIn: { key: "shell.signIn", stems: { lt: "prisijung", lv: "pieteik", ee: "logi sisse" } },
    // Latvian "pierakstīties" also means to subscribe.
    banned: { lt: /\bjungiat/i, lv: /pierakst|pieslēg|ielogo/i, ee: /\bsisene/i },
  },
  {
    concept: "postcode",
    terms: { en: "postcode", lt: "pašto kodas", lv: "pasta indekss", ee: "sihtnumber" },
    shownIn: { key: "account.zip", stems: { lt: "pašto kod", lv: "pasta indeks", ee: "sihtnumb" } },
    banned: { ee: /postiindeks/i },
  },
  {
    concept: "air freight",
    terms: { en: "by air", lt: "lėktuvu", lv: "ar lidmašīnu", ee: "lennukiga" },
    shownIn: { key: "cart.method_air", stems: { lt: "lėktuv", lv: "lidmašīn", ee: "lennuk" } },
    banned: { lt: /oro transport|\boru\b/i, lv: /aviopārvad|pa gaisu/i, ee: /lennuve|lennutransp|õhutee|lennu- või/i },
  },
  {
    concept: "sea freight",
    terms: { en: "by sea", lt: "laivu", lv: "ar kuģi", ee: "laevaga" },
    shownIn: { key: "cart.method_sea", stems: { lt: "laiv", lv: "kuģ", ee: "laev" } },
    banned: { lt: /jūr(os|ų) transport|\bjūra\b/i, lv: /jūras pārvad|pa jūru/i, ee: /mereve|laevatransp|meritsi/i },
  },
];
