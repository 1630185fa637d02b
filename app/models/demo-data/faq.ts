import type { FaqCategory } from "~/models/content/faq";
import type { Translated } from "./reference";

export interface DemoFaqEntry {
  slug: string;
  /** One of FAQ_CATEGORIES (models/content/faq.ts). */
  category: FaqCategory;
  question: Translated;
  answer: Translated;
}

/** In display order; position follows the index. */
export const FAQ_ENTRIES: readonly DemoFaqEntry[] = [
  {
    slug: "how-to-place-an-order",
    category: "ordering",
    question: {
      en: "How do I place an order?",
      lt: "Kaip pateikti užsakymą?",
      lv: "Kā veikt pasūtījumu?",
      ee: "Kuidas tellimust esitada?",
    },
    answer: {
      en: "Add marketplace products to the cart, or paste a link to a product from any foreign online store into the order form to ask for a quote. At checkout, choose air or sea delivery, give your address and pay. You will find every order in My orders.",
      lt: "Įdėkite prekyvietės prekes į krepšelį arba įklijuokite bet kurios užsienio internetinės parduotuvės prekės nuorodą į užsakymo formą ir paprašykite pasiūlymo. Apmokėdami pasirinkite pristatymą oro ar jūrų transportu, nurodykite adresą ir sumokėkite. Visus užsakymus rasite skiltyje „Mano užsakymai“.",
      lv: "Ielieciet tirgus laukuma preces grozā vai ielīmējiet pasūtījuma veidlapā saiti uz preci no jebkura ārzemju interneta veikala, lai pieprasītu cenu piedāvājumu. Noformējot pasūtījumu, izvēlieties piegādi ar aviotransportu vai pa jūru, norādiet adresi un samaksājiet. Visus pasūtījumus atradīsiet sadaļā “Mani pasūtījumi”.",
      ee: "Lisage turuplatsi tooted ostukorvi või kleepige tellimisvormi link mis tahes välismaa e-poe tootele, et küsida hinnapakkumist. Vormistamisel valige lennu- või meretransport, sisestage aadress ja makske. Kõik tellimused leiate jaotisest „Minu tellimused“.",
    },
  },
  {
    slug: "air-or-sea-delivery-time",
    category: "shipping",
    question: {
      en: "How long does delivery take by air and by sea?",
      lt: "Kiek laiko trunka pristatymas oro ir jūrų transportu?",
      lv: "Cik ilgi ilgst piegāde ar aviotransportu un pa jūru?",
      ee: "Kui kaua kestab kohaletoimetamine lennu- ja meretranspordiga?",
    },
    answer: {
      en: "Air delivery usually takes 5–10 business days and sea freight 4–8 weeks from the moment the parcel leaves our warehouse. You choose the method in the cart, where both prices are shown.",
      lt: "Pristatymas oro transportu paprastai trunka 5–10 darbo dienų, jūrų transportu – 4–8 savaites nuo tada, kai siunta palieka mūsų sandėlį. Būdą pasirenkate krepšelyje, kuriame rodomos abi kainos.",
      lv: "Piegāde ar aviotransportu parasti aizņem 5–10 darba dienas, pa jūru – 4–8 nedēļas no brīža, kad sūtījums atstāj mūsu noliktavu. Veidu izvēlaties grozā, kur redzamas abas cenas.",
      ee: "Lennutranspordiga võtab kohaletoimetamine tavaliselt 5–10 tööpäeva ja meretranspordiga 4–8 nädalat alates hetkest, kui pakk meie laost lahkub. Saatmisviisi valite ostukorvis, kus on näha mõlemad hinnad.",
    },
  },
  {
    slug: "what-is-parcel-forwarding",
    category: "quotes",
    question: {
      en: "What is parcel forwarding?",
      lt: "Kas yra siuntų persiuntimas?",
      lv: "Kas ir sūtījumu pāradresācija?",
      ee: "Mis on pakkide edasisaatmine?",
    },
    answer: {
      en: "You shop in any online store abroad and give our warehouse as the delivery address. When the parcel arrives, we check it, let you know and send it on to you in the Baltics. Your personal warehouse addresses are in your account.",
      lt: "Apsiperkate bet kurioje užsienio internetinėje parduotuvėje ir kaip pristatymo adresą nurodote mūsų sandėlį. Kai siunta atvyksta, ją patikriname, jums pranešame ir persiunčiame į Baltijos šalis. Jūsų asmeniniai sandėlių adresai nurodyti paskyroje.",
      lv: "Jūs iepērkaties jebkurā ārzemju interneta veikalā un kā piegādes adresi norādāt mūsu noliktavu. Kad sūtījums ierodas, mēs to pārbaudām, jums paziņojam un nosūtām tālāk uz Baltijas valstīm. Jūsu personīgās noliktavu adreses ir redzamas jūsu kontā.",
      ee: "Ostate ükskõik millisest välismaa e-poest ja märgite tarneaadressiks meie lao. Kui pakk saabub, kontrollime selle üle, anname teile teada ja saadame selle teile Balti riikidesse edasi. Teie isiklikud laoaadressid on näha teie kontol.",
    },
  },
  {
    slug: "how-do-quotes-work",
    category: "quotes",
    question: {
      en: "How do quotes work?",
      lt: "Kaip veikia pasiūlymai?",
      lv: "Kā darbojas cenu piedāvājumi?",
      ee: "Kuidas hinnapakkumised käivad?",
    },
    answer: {
      en: "Send us a link to the product you want. Within one business day we reply with a quote that includes the price, delivery and any import charges. Once you pay, we buy the item for you and ship it.",
      lt: "Atsiųskite mums norimos prekės nuorodą. Per vieną darbo dieną atsiųsime pasiūlymą, kuriame bus nurodyta kaina, pristatymas ir visi importo mokesčiai. Kai apmokėsite, prekę nupirksime už jus ir išsiųsime.",
      lv: "Atsūtiet mums saiti uz vēlamo preci. Vienas darba dienas laikā atbildēsim ar cenu piedāvājumu, kurā iekļauta cena, piegāde un visi importa maksājumi. Kad būsiet samaksājis, mēs nopirksim preci jūsu vietā un to nosūtīsim.",
      ee: "Saatke meile link soovitud tootele. Ühe tööpäeva jooksul vastame hinnapakkumisega, mis sisaldab hinda, kohaletoimetamist ja kõiki impordimakse. Kui olete tasunud, ostame toote teie eest ja saadame selle teele.",
    },
  },
  {
    slug: "payment-methods",
    category: "payment",
    question: {
      en: "Which payment methods can I use?",
      lt: "Kokiais būdais galiu atsiskaityti?",
      lv: "Kādus maksājumu veidus varu izmantot?",
      ee: "Milliseid makseviise saan kasutada?",
    },
    answer: {
      en: "You can pay by card, with an online wallet, through a regional payment provider or from your Shipwise account balance. You can also combine your balance with another method.",
      lt: "Galite mokėti kortele, elektronine pinigine, per regioninį mokėjimų paslaugų teikėją arba iš Shipwise sąskaitos likučio. Likutį galima derinti ir su kitu mokėjimo būdu.",
      lv: "Varat maksāt ar karti, e-maku, ar reģionālā maksājumu pakalpojumu sniedzēja starpniecību vai no sava Shipwise konta atlikuma. Atlikumu var apvienot arī ar citu maksājuma veidu.",
      ee: "Võite maksta kaardiga, e-rahakotiga, piirkondliku makseteenuse pakkuja kaudu või oma Shipwise'i kontojäägiga. Kontojääki saab kombineerida ka mõne muu makseviisiga.",
    },
  },
  {
    slug: "balance-top-up",
    category: "payment",
    question: {
      en: "How do I top up my account balance?",
      lt: "Kaip papildyti sąskaitos likutį?",
      lv: "Kā papildināt konta atlikumu?",
      ee: "Kuidas kontojääki täiendada?",
    },
    answer: {
      en: "Open your account, choose Balance and enter the amount you want to add. The top-up is paid by card or online wallet and appears in your balance history straight away. Refunds for quotes and forwarding requests are also credited to your balance.",
      lt: "Atidarykite paskyrą, pasirinkite „Likutis“ ir įveskite norimą sumą. Papildymą apmokėsite kortele arba elektronine pinigine, ir jis iškart atsiras likučio istorijoje. Į likutį taip pat grąžinami pinigai už pasiūlymus ir persiuntimo užklausas.",
      lv: "Atveriet savu kontu, izvēlieties sadaļu “Atlikums” un ievadiet summu, ko vēlaties pievienot. Papildinājumu apmaksā ar karti vai e-maku, un tas uzreiz parādās atlikuma vēsturē. Atlikumā tiek ieskaitītas arī atmaksas par cenu piedāvājumiem un pāradresācijas pieprasījumiem.",
      ee: "Avage oma konto, valige „Kontojääk“ ja sisestage summa, mida soovite lisada. Täiendamise eest saab tasuda kaardi või e-rahakotiga ning see ilmub kohe kontojäägi ajalukku. Kontojäägile kantakse ka hinnapakkumiste ja edasisaatmise taotluste tagasimaksed.",
    },
  },
  {
    slug: "returns",
    category: "returns",
    question: {
      en: "Can I return a product?",
      lt: "Ar galiu grąžinti prekę?",
      lv: "Vai varu atgriezt preci?",
      ee: "Kas ma saan toote tagastada?",
    },
    answer: {
      en: "Marketplace products can be returned within 30 days of delivery if they are unused and in their original packaging. Start the return from My orders and we will send you a return label. Items bought through quotes follow the return rules of the store they came from.",
      lt: "Prekyvietės prekes galite grąžinti per 30 dienų nuo pristatymo, jei jos nenaudotos ir originalioje pakuotėje. Grąžinimą pradėkite skiltyje „Mano užsakymai“, o mes atsiųsime grąžinimo etiketę. Pagal pasiūlymus pirktoms prekėms taikomos jas pardavusios parduotuvės grąžinimo taisyklės.",
      lv: "Tirgus laukuma preces var atgriezt 30 dienu laikā pēc piegādes, ja tās nav lietotas un ir oriģinālajā iepakojumā. Sāciet atgriešanu sadaļā “Mani pasūtījumi”, un mēs nosūtīsim atgriešanas uzlīmi. Precēm, kas pirktas ar cenu piedāvājumiem, ir spēkā tā veikala atgriešanas noteikumi, kurā tās pirktas.",
      ee: "Turu tooteid saab tagastada 30 päeva jooksul pärast kättesaamist, kui need on kasutamata ja originaalpakendis. Alustage tagastamist jaotisest „Minu tellimused“ ja me saadame teile tagastussildi. Hinnapakkumiste kaudu ostetud toodetele kehtivad selle poe tagastustingimused, kust need osteti.",
    },
  },
  {
    slug: "tracking",
    category: "shipping",
    question: {
      en: "How can I track my parcel?",
      lt: "Kaip galiu sekti savo siuntą?",
      lv: "Kā varu izsekot savam sūtījumam?",
      ee: "Kuidas saan oma pakki jälgida?",
    },
    answer: {
      en: "As soon as your parcel leaves our warehouse, we email you a tracking number. You can also follow every order on the Tracking page or in My orders.",
      lt: "Kai tik siunta palieka mūsų sandėlį, el. paštu atsiunčiame sekimo numerį. Kiekvieną užsakymą taip pat galite sekti puslapyje „Siuntų sekimas“ arba skiltyje „Mano užsakymai“.",
      lv: "Tiklīdz sūtījums atstāj mūsu noliktavu, mēs pa e-pastu nosūtām izsekošanas numuru. Katru pasūtījumu varat izsekot arī lapā “Izsekošana” vai sadaļā “Mani pasūtījumi”.",
      ee: "Kohe kui pakk meie laost lahkub, saadame teile e-kirjaga jälgimisnumbri. Iga tellimust saate jälgida ka lehel „Jälgimine“ või jaotises „Minu tellimused“.",
    },
  },
  {
    slug: "customs-duty-and-vat",
    category: "payment",
    question: {
      en: "Will I have to pay customs duty or VAT?",
      lt: "Ar reikės mokėti muitą ar PVM?",
      lv: "Vai man būs jāmaksā muita vai PVN?",
      ee: "Kas pean maksma tollimaksu või käibemaksu?",
    },
    answer: {
      en: "Parcels from outside the EU are subject to import VAT and sometimes customs duty. For marketplace products and quotes these charges are already included in the price you see. For forwarded parcels we calculate them when the parcel arrives and add them to the shipping invoice.",
      lt: "Siuntoms iš ne ES šalių taikomas importo PVM, o kartais ir muitas. Prekyvietės prekių ir pasiūlymų kainose šie mokesčiai jau įskaičiuoti. Persiunčiamoms siuntoms juos apskaičiuojame siuntai atvykus ir įtraukiame į pristatymo sąskaitą.",
      lv: "Sūtījumiem no valstīm ārpus ES tiek piemērots importa PVN un dažkārt arī muitas nodoklis. Tirgus laukuma preču un cenu piedāvājumu cenās šie maksājumi jau ir iekļauti. Pāradresētajiem sūtījumiem tos aprēķinām, kad sūtījums ierodas, un pievienojam piegādes rēķinam.",
      ee: "Väljastpoolt ELi saabuvatele pakkidele rakendub impordikäibemaks ja mõnikord ka tollimaks. Turu toodete ja hinnapakkumiste puhul sisalduvad need maksud juba kuvatud hinnas. Edasisaadetavate pakkide puhul arvutame maksud paki saabumisel ja lisame need saatmisarvele.",
    },
  },
];
