import type { DB } from "~/models/db/db.server";
import { DEFAULT_ORDER, type HomeSectionKind } from "~/models/home/sections";
import { LANGUAGE_IDS, SITE_IDS, type LanguageCode, type Translated } from "./reference";

// The demo sites' home pages (docs/home.md): every site starts from the
// default order, with its hero's texts in each of its languages; the
// second-hand site leads with its deals and shows no best sellers, since
// each of its items is one of a kind.

type Hero = { title: Translated; text: Translated; buttonLabel: Translated; buttonLink: string; secondaryLabel: Translated; secondaryLink: string };

const SHOP_HERO: Hero = {
  title: {
    en: "Shop the world, delivered to your door",
    lt: "Apsipirkite visame pasaulyje – pristatysime iki durų",
    lv: "Iepērcieties visā pasaulē – piegādāsim līdz durvīm",
    ee: "Ostke üle maailma, toome ukseni",
  },
  text: {
    en: "Thousands of products and daily deals, shipped by air in days or by sea for less.",
    lt: "Tūkstančiai prekių ir kasdieniai pasiūlymai: lėktuvu per kelias dienas arba laivu pigiau.",
    lv: "Tūkstošiem preču un ikdienas piedāvājumi: ar lidmašīnu dažās dienās vai ar kuģi lētāk.",
    ee: "Tuhanded tooted ja igapäevased pakkumised: lennukiga mõne päevaga või laevaga soodsamalt.",
  },
  buttonLabel: { en: "Browse the marketplace", lt: "Naršyti prekyvietę", lv: "Apskatīt tirgu", ee: "Sirvi turuplatsi" },
  buttonLink: "/marketplace",
  secondaryLabel: { en: "See today's deals", lt: "Šiandienos pasiūlymai", lv: "Šodienas piedāvājumi", ee: "Tänased pakkumised" },
  secondaryLink: "/dealzone",
};

const SECOND_HAND_HERO: Hero = {
  title: {
    en: "Second-hand finds, checked and delivered",
    lt: "Dėvėti radiniai – patikrinti ir pristatyti",
    lv: "Lietoti atradumi – pārbaudīti un piegādāti",
    ee: "Kasutatud leiud – kontrollitud ja kohale toodud",
  },
  text: {
    en: "Pre-loved phones, clothes and more for a fraction of the price, each one checked before it ships.",
    lt: "Naudoti telefonai, drabužiai ir kitkas už dalį kainos – kiekvieną prekę patikriname prieš išsiųsdami.",
    lv: "Lietoti telefoni, apģērbi un citas preces par daļu no cenas – katru pārbaudām pirms nosūtīšanas.",
    ee: "Kasutatud telefonid, riided ja muu murdosa hinnaga – iga toote kontrollime enne saatmist.",
  },
  buttonLabel: { en: "See today's deals", lt: "Šiandienos pasiūlymai", lv: "Šodienas piedāvājumi", ee: "Tänased pakkumised" },
  buttonLink: "/dealzone",
  secondaryLabel: { en: "Browse everything", lt: "Naršyti viską", lv: "Apskatīt visu", ee: "Sirvi kõike" },
  secondaryLink: "/marketplace",
};

type DemoHome = { order: readonly HomeSectionKind[]; hidden?: readonly HomeSectionKind[]; hero: Hero; content?: Partial<Record<HomeSectionKind, object>> };

const SECOND_HAND: DemoHome = {
  order: ["hero", "deals", "new_arrivals", "categories", "how_it_works", "blog_teasers", "best_sellers"],
  hidden: ["best_sellers"],
  hero: SECOND_HAND_HERO,
  content: { deals: { count: 12 } },
};

function demoHome(siteId: number): DemoHome {
  return siteId === SITE_IDS.pj ? SECOND_HAND : { order: DEFAULT_ORDER, hero: SHOP_HERO };
}

const LANGUAGE_CODE_OF = new Map(Object.entries(LANGUAGE_IDS).map(([code, id]) => [id, code as LanguageCode]));

/**
 * Every site's sections for every language, and its hero once more in
 * each of its languages, with that language's texts.
 */
export async function insertHomeSections(db: DB) {
  const siteLanguages = await db.selectFrom("site_languages").select(["site_id", "language_id"]).orderBy("site_id").orderBy("position").execute();
  const rows = Object.values(SITE_IDS).flatMap((siteId) => {
    const home = demoHome(siteId);
    const place = (kind: HomeSectionKind) => home.order.indexOf(kind) + 1;
    const shared = home.order.map((kind) => ({
      site_id: siteId,
      language_id: null,
      kind,
      position: place(kind),
      is_visible: !home.hidden?.includes(kind),
      content: JSON.stringify(home.content?.[kind] ?? {}),
    }));
    const heroes = siteLanguages
      .filter((row) => row.site_id === siteId && LANGUAGE_CODE_OF.has(row.language_id))
      .map(({ language_id }) => {
        const code = LANGUAGE_CODE_OF.get(language_id)!;
        const { hero } = home;
        return {
          site_id: siteId,
          language_id,
          kind: "hero",
          position: place("hero"),
          is_visible: true,
          content: JSON.stringify({
            title: hero.title[code],
            text: hero.text[code],
            buttonLabel: hero.buttonLabel[code],
            buttonLink: hero.buttonLink,
            secondaryLabel: hero.secondaryLabel[code],
            secondaryLink: hero.secondaryLink,
          }),
        };
      });
    return [...shared, ...heroes];
  });
  await db.insertInto("home_sections").values(rows).execute();
}
