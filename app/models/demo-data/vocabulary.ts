import type { Translated } from "./reference";

// The words product names and descriptions are built from, per leaf
// category. Each phrase is written whole in every language, adjective and
// noun together, because Lithuanian and Latvian adjectives agree with the
// noun's gender and number and Estonian forms compounds.

type Phrase = readonly [en: string, lt: string, lv: string, ee: string];

export function translated([en, lt, lv, ee]: Phrase): Translated {
  return { en, lt, lv, ee };
}

export interface LeafVocabulary {
  /** Product types; the English one also gives the product slug. */
  types: readonly Phrase[];
  /** Sentences about the kind of product, free of gender and number. */
  blurbs: readonly Phrase[];
}

export const TYPES_PER_LEAF = 5;

export const VOCABULARY: Record<number, LeafVocabulary> = {
  101: {
    types: [
      ["Smartphone", "išmanusis telefonas", "viedtālrunis", "nutitelefon"],
      ["Compact Smartphone", "kompaktiškas išmanusis telefonas", "kompakts viedtālrunis", "kompaktne nutitelefon"],
      ["Foldable Smartphone", "sulankstomas išmanusis telefonas", "salokāms viedtālrunis", "volditav nutitelefon"],
      ["Rugged Phone", "smūgiams atsparus telefonas", "triecienizturīgs tālrunis", "löögikindel telefon"],
      ["Senior Phone", "telefonas senjorams", "tālrunis senioriem", "eakate telefon"],
    ],
    blurbs: [
      ["A bright display, an all-day battery and a camera that copes with low light.", "Ryškus ekranas, visai dienai pakankama baterija ir kamera, kuri puikiai fotografuoja prietemoje.", "Spilgts ekrāns, visai dienai pietiekams akumulators un kamera, kas labi tiek galā ar vāju apgaismojumu.", "Ere ekraan, terveks päevaks piisav aku ja kaamera, mis saab hämaras hästi hakkama."],
      ["5G and dual SIM support, unlocked for every Baltic network.", "5G ir dviejų SIM kortelių palaikymas, tinka visiems Baltijos šalių operatoriams.", "5G un divu SIM karšu atbalsts, der visiem Baltijas valstu operatoriem.", "5G ja kahe SIM-kaardi tugi, sobib kõigi Balti riikide operaatoritega."],
    ],
  },
  102: {
    types: [
      ["Ultrabook", "ultraplonas nešiojamasis kompiuteris", "plānais portatīvais dators", "õhuke sülearvuti"],
      ["Gaming Laptop", "žaidimų nešiojamasis kompiuteris", "spēļu portatīvais dators", "mängusülearvuti"],
      ["Business Laptop", "verslo nešiojamasis kompiuteris", "biznesa portatīvais dators", "ärisülearvuti"],
      ["2-in-1 Laptop", "nešiojamasis kompiuteris 2 viename", "portatīvais dators 2 vienā", "2-ühes sülearvuti"],
      ["Student Laptop", "nešiojamasis kompiuteris studentams", "portatīvais dators studentiem", "sülearvuti õppijatele"],
    ],
    blurbs: [
      ["A fast processor, a sharp screen and a keyboard that stays comfortable through long days.", "Greitas procesorius, ryškus ekranas ir klaviatūra, patogi net ilgomis darbo dienomis.", "Ātrs procesors, ass ekrāns un tastatūra, kas ir ērta arī garās darba dienās.", "Kiire protsessor, terav ekraan ja klaviatuur, mis on mugav ka pikkadel tööpäevadel."],
      ["European plug and a keyboard with Baltic letters included.", "Europietiškas kištukas ir klaviatūra su lietuviškomis raidėmis.", "Eiropas kontaktdakša un tastatūra ar latviešu burtiem.", "Euroopa pistik ja eesti tähtedega klaviatuur."],
    ],
  },
  103: {
    types: [
      ["Wireless Headphones", "belaidės ausinės", "bezvadu austiņas", "juhtmevabad kõrvaklapid"],
      ["Noise-Cancelling Headphones", "triukšmą slopinančios ausinės", "trokšņu slāpēšanas austiņas", "mürasummutavad kõrvaklapid"],
      ["Wireless Earbuds", "belaidės įkišamosios ausinės", "bezvadu ieliekamās austiņas", "juhtmevabad nööpkõrvaklapid"],
      ["Sports Earbuds", "sportinės ausinės", "sporta austiņas", "spordikõrvaklapid"],
      ["Studio Headphones", "studijinės ausinės", "studijas austiņas", "stuudiokõrvaklapid"],
    ],
    blurbs: [
      ["Rich sound, soft ear cushions and up to 30 hours of playback on one charge.", "Sodrus garsas, minkštos ausų pagalvėlės ir iki 30 valandų grojimo vienu įkrovimu.", "Piesātināta skaņa, mīksti ausu spilventiņi un līdz 30 stundām atskaņošanas ar vienu uzlādi.", "Täidlane heli, pehmed kõrvapadjad ja kuni 30 tundi kuulamist ühe laadimisega."],
      ["Quick pairing with phones and laptops, plus a built-in microphone for calls.", "Greitas susiejimas su telefonu ar kompiuteriu ir integruotas mikrofonas pokalbiams.", "Ātra savienošana ar tālruni vai datoru un iebūvēts mikrofons zvaniem.", "Kiire ühendamine telefoni või arvutiga ning sisseehitatud mikrofon kõnede jaoks."],
    ],
  },
  104: {
    types: [
      ["Smartwatch", "išmanusis laikrodis", "viedpulkstenis", "nutikell"],
      ["Fitness Tracker", "išmanioji apyrankė", "fitnesa aproce", "aktiivsusmonitor"],
      ["GPS Sports Watch", "GPS sportinis laikrodis", "GPS sporta pulkstenis", "GPS-spordikell"],
      ["Kids' Smartwatch", "išmanusis laikrodis vaikams", "viedpulkstenis bērniem", "laste nutikell"],
      ["Hybrid Smartwatch", "hibridinis išmanusis laikrodis", "hibrīdais viedpulkstenis", "hübriidnutikell"],
    ],
    blurbs: [
      ["Heart rate, sleep and step tracking with a battery that lasts up to a week.", "Pulso, miego ir žingsnių stebėjimas, o baterija veikia iki savaitės.", "Pulsa, miega un soļu uzskaite, un akumulators darbojas līdz pat nedēļai.", "Pulsi, une ja sammude jälgimine ning kuni nädal vastu pidav aku."],
      ["Water resistance to 50 metres and phone notifications right on your wrist.", "Atsparumas vandeniui iki 50 metrų ir telefono pranešimai tiesiog ant riešo.", "Ūdensizturība līdz 50 metriem un tālruņa paziņojumi tieši uz plaukstas locītavas.", "Veekindlus kuni 50 meetrini ja telefoni teavitused otse randmel."],
    ],
  },
  201: {
    types: [
      ["Winter Jacket", "žieminė striukė", "ziemas jaka", "talvejope"],
      ["Rain Jacket", "neperšlampama striukė", "lietus jaka", "vihmajope"],
      ["Down Jacket", "pūkinė striukė", "dūnu jaka", "sulejope"],
      ["Softshell Jacket", "softshell striukė", "softshell jaka", "softshell-jope"],
      ["Parka", "parka", "parka", "parka"],
    ],
    blurbs: [
      ["A windproof shell, taped seams and a hood that stays put in Baltic weather.", "Vėjui atsparus paviršius, suklijuotos siūlės ir gobtuvas, kuris nenukrenta net Baltijos vėjyje.", "Vējizturīgs virsslānis, līmētas šuves un kapuce, kas paliek vietā arī Baltijas vējā.", "Tuulekindel pealismaterjal, teibitud õmblused ja kapuuts, mis püsib paigal ka Balti tuules."],
      ["Roomy pockets, adjustable cuffs and a relaxed fit with room for a warm sweater.", "Erdvios kišenės, reguliuojami rankogaliai ir laisvas kirpimas, po kuriuo tilps šiltas megztinis.", "Ietilpīgas kabatas, regulējamas aproces un brīvs piegriezums, kas ļauj apakšā uzvilkt siltu džemperi.", "Mahukad taskud, reguleeritavad mansetid ja vaba lõige, mis jätab ruumi soojale kampsunile."],
    ],
  },
  202: {
    types: [
      ["Classic T-shirt", "klasikiniai marškinėliai", "klasisks T-krekls", "klassikaline T-särk"],
      ["Oversized T-shirt", "laisvo kirpimo marškinėliai", "brīva piegriezuma T-krekls", "avara lõikega T-särk"],
      ["Long-Sleeve Top", "marškinėliai ilgomis rankovėmis", "krekls ar garām piedurknēm", "pikkade varrukatega särk"],
      ["Polo Shirt", "polo marškinėliai", "polo krekls", "polosärk"],
      ["Sports T-shirt", "sportiniai marškinėliai", "sporta T-krekls", "spordisärk"],
    ],
    blurbs: [
      ["Soft, breathable fabric that keeps its shape after many washes.", "Minkštas, kvėpuojantis audinys, kuris išlaiko formą po daugybės skalbimų.", "Mīksts, elpojošs audums, kas saglabā formu arī pēc daudzām mazgāšanas reizēm.", "Pehme ja hingav kangas, mis hoiab vormi ka pärast paljusid pesukordi."],
      ["A regular length and neat seams that look good on their own or under a jacket.", "Įprastas ilgis ir tvarkingos siūlės: gerai atrodo tiek atskirai, tiek po švarku.", "Standarta garums un kārtīgas šuves: labi izskatās gan atsevišķi, gan zem žaketes.", "Tavapärane pikkus ja korralikud õmblused: näeb hea välja nii omaette kui ka pintsaku all."],
    ],
  },
  203: {
    types: [
      ["Summer Dress", "vasarinė suknelė", "vasaras kleita", "suvekleit"],
      ["Evening Dress", "vakarinė suknelė", "vakarkleita", "õhtukleit"],
      ["Shirt Dress", "marškinių tipo suknelė", "krekla kleita", "särkkleit"],
      ["Knit Dress", "megzta suknelė", "adīta kleita", "kootud kleit"],
      ["Midi Dress", "midi suknelė", "midi kleita", "midikleit"],
    ],
    blurbs: [
      ["A flattering cut with a defined waist and a comfortable lining.", "Figūrą paryškinantis kirpimas su pabrėžta talija ir patogiu pamušalu.", "Figūrai glaimojošs piegriezums ar izceltu vidukli un ērtu oderi.", "Figuuri rõhutav lõige, esile toodud talje ja mugav vooder."],
      ["Easy to dress up with heels or down with sneakers.", "Lengva derinti tiek su aukštakulniais, tiek su sportbačiais.", "Viegli kombinēt gan ar augstpapēžu kurpēm, gan ar sporta apaviem.", "Sobib kokku nii kontsakingade kui ka tossudega."],
    ],
  },
  204: {
    types: [
      ["Hoodie", "džemperis su gobtuvu", "džemperis ar kapuci", "kapuutsiga pusa"],
      ["Zip Hoodie", "džemperis su užtrauktuku", "džemperis ar rāvējslēdzēju", "tõmblukuga pusa"],
      ["Knit Sweater", "megztinis", "adīts džemperis", "kootud kampsun"],
      ["Sweatshirt", "sportinis džemperis", "sporta džemperis", "dressipluus"],
      ["Cardigan", "kardiganas", "kardigāns", "kardigan"],
    ],
    blurbs: [
      ["A warm, soft inside with ribbed cuffs and hem.", "Šilta, minkšta vidinė pusė, rantyti rankogaliai ir apačia.", "Silta, mīksta iekšpuse, rievotas aproces un apakšmala.", "Soe ja pehme sisekülg, soonikkoes mansetid ja allserv."],
      ["Right for autumn evenings, weekend walks and working from home.", "Tinka rudens vakarams, savaitgalio pasivaikščiojimams ir darbui iš namų.", "Der rudens vakariem, nedēļas nogales pastaigām un darbam no mājām.", "Sobib sügisõhtuteks, nädalavahetuse jalutuskäikudeks ja kodus töötamiseks."],
    ],
  },
  301: {
    types: [
      ["Running Shoes", "bėgimo bateliai", "skriešanas apavi", "jooksujalatsid"],
      ["Everyday Sneakers", "kasdieniai sportbačiai", "ikdienas sporta apavi", "igapäevatossud"],
      ["Trail Running Shoes", "bekelės bėgimo bateliai", "taku skriešanas apavi", "maastikujooksu jalatsid"],
      ["High-Top Sneakers", "aukšti sportbačiai", "augstie sporta apavi", "kõrged tossud"],
      ["Basketball Shoes", "krepšinio bateliai", "basketbola apavi", "korvpallijalatsid"],
    ],
    blurbs: [
      ["A cushioned sole and a breathable upper for long days on your feet.", "Amortizuojantis padas ir kvėpuojantis viršus ilgoms dienoms ant kojų.", "Amortizējoša zole un elpojošs virsmas materiāls garām dienām kājās.", "Pehmendusega tald ja hingav pealismaterjal pikkadeks päevadeks jalgadel."],
      ["A grippy outsole that handles wet pavements and gravel paths.", "Neslystantis padas, kuris gerai laiko ant šlapio grindinio ir žvyro takų.", "Neslīdoša zole, kas labi turas uz slapjām ietvēm un grants celiņiem.", "Libisemiskindel välistald, mis haardub hästi nii märjal kõnniteel kui ka kruusateel."],
    ],
  },
  302: {
    types: [
      ["Winter Boots", "žieminiai batai", "ziemas zābaki", "talvesaapad"],
      ["Chelsea Boots", "Chelsea batai", "Chelsea zābaki", "Chelsea saapad"],
      ["Hiking Boots", "žygio batai", "pārgājienu zābaki", "matkasaapad"],
      ["Ankle Boots", "aulinukai", "puszābaki", "poolsaapad"],
      ["Work Boots", "darbo batai", "darba zābaki", "töösaapad"],
    ],
    blurbs: [
      ["A warm lining and a water-repellent finish for slush and snow.", "Šiltas pamušalas ir vandenį atstumianti danga šlapdribai ir sniegui.", "Silta odere un ūdeni atgrūdošs pārklājums slapjdraņķim un sniegam.", "Soe vooder ja vetthülgiv viimistlus lörtsi ja lume jaoks."],
      ["A sturdy, non-slip sole made for icy winter pavements.", "Tvirtas, neslystantis padas, sukurtas apledėjusiems žiemos šaligatviams.", "Izturīga, neslīdoša zole, kas radīta apledojušām ziemas ietvēm.", "Tugev libisemiskindel tald, mis on loodud jäistele talvistele kõnniteedele."],
    ],
  },
  303: {
    types: [
      ["Sports Sandals", "sportiniai sandalai", "sporta sandales", "spordisandaalid"],
      ["Flip-Flops", "šlepetės per pirštą", "pludmales čības", "varbavahega plätud"],
      ["Platform Sandals", "sandalai su platforma", "platformas sandales", "platvormsandaalid"],
      ["Slides", "šlepetės", "iešļūcenes", "plätud"],
      ["Hiking Sandals", "žygio sandalai", "pārgājienu sandales", "matkasandaalid"],
    ],
    blurbs: [
      ["Adjustable straps and a contoured footbed for all-day comfort.", "Reguliuojami dirželiai ir anatominis vidpadis visos dienos komfortui.", "Regulējamas siksniņas un anatomiska iekšzole komfortam visas dienas garumā.", "Reguleeritavad rihmad ja anatoomiline sisetald terve päeva mugavuseks."],
      ["Right for the beach and for a weekend city break.", "Tinka ir paplūdimiui, ir savaitgalio kelionei į miestą.", "Der gan pludmalei, gan nedēļas nogales braucienam uz pilsētu.", "Sobivad nii randa kui ka nädalavahetuse linnareisile."],
    ],
  },
  304: {
    types: [
      ["Oxford Shoes", "oksfordo tipo batai", "oksforda tipa kurpes", "oxfordi tüüpi kingad"],
      ["Loafers", "mokasinai", "mokasīni", "mokassiinid"],
      ["Derby Shoes", "derbio tipo batai", "derbija tipa kurpes", "derby-tüüpi kingad"],
      ["Court Shoes", "klasikiniai bateliai", "laiviņas", "kontskingad"],
      ["Brogues", "brogue tipo batai", "brogue tipa kurpes", "brogue-tüüpi kingad"],
    ],
    blurbs: [
      ["A smooth finish, leather lining and a slim sole for a neat look.", "Lygi apdaila, odinis pamušalas ir plonas padas tvarkingai išvaizdai.", "Gluda apdare, ādas odere un plāna zole kārtīgam izskatam.", "Sile viimistlus, nahkvooder ja õhuke tald korrektse välimuse jaoks."],
      ["Goes with suits and chinos alike, from the office to a wedding.", "Dera ir prie kostiumo, ir prie chino kelnių – nuo biuro iki vestuvių.", "Der gan pie uzvalka, gan pie čino biksēm – no biroja līdz kāzām.", "Sobivad nii ülikonna kui ka chino-pükstega – kontorist pulmadeni."],
    ],
  },
  401: {
    types: [
      ["Backpack", "kuprinė", "mugursoma", "seljakott"],
      ["Tote Bag", "didelė rankinė", "liela plecu soma", "suur õlakott"],
      ["Crossbody Bag", "rankinė per petį", "soma pār plecu", "üle õla kantav kott"],
      ["Laptop Bag", "nešiojamojo kompiuterio krepšys", "portatīvā datora soma", "sülearvutikott"],
      ["Travel Duffel", "kelioninis krepšys", "ceļojuma soma", "reisikott"],
    ],
    blurbs: [
      ["Several inner pockets, a padded sleeve and a zip that closes smoothly.", "Kelios vidinės kišenės, minkšta kompiuterio kišenė ir sklandžiai užsegamas užtrauktukas.", "Vairākas iekšējās kabatas, polsterēts nodalījums un viegli aizvelkams rāvējslēdzējs.", "Mitu sisetaskut, pehmendatud vahe ja sujuvalt suletav tõmblukk."],
      ["Sized for a day at work, a weekend away or airline cabin luggage.", "Tinka darbo dienai, savaitgalio išvykai ar kaip rankinis bagažas lėktuve.", "Der darba dienai, nedēļas nogales izbraucienam vai kā rokas bagāža lidmašīnā.", "Sobib tööpäevaks, nädalavahetuse väljasõiduks või lennuki käsipagasiks."],
    ],
  },
  402: {
    types: [
      ["Wallet", "piniginė", "maks", "rahakott"],
      ["Card Holder", "kortelių dėklas", "karšu maciņš", "kaarditasku"],
      ["Coin Purse", "piniginė monetoms", "monētu maciņš", "mündikott"],
      ["Travel Wallet", "kelioninė piniginė", "ceļojuma maks", "reisirahakott"],
      ["Slim Wallet", "plona piniginė", "plāns maks", "õhuke rahakott"],
    ],
    blurbs: [
      ["Slots for eight cards, a coin pocket and RFID protection.", "Vietos aštuonioms kortelėms, kišenė monetoms ir RFID apsauga.", "Vieta astoņām kartēm, kabatiņa monētām un RFID aizsardzība.", "Kohad kaheksale kaardile, münditasku ja RFID-kaitse."],
      ["Fits a front pocket, and the neat stitching lasts for years.", "Telpa į priekinę kišenę, o tvarkingos siūlės ilgai nesusidėvi.", "Ietilpst priekšējā kabatā, un kārtīgās šuves kalpo ilgi.", "Mahub eestaskusse ning korralikud õmblused peavad kaua vastu."],
    ],
  },
  403: {
    types: [
      ["Aviator Sunglasses", "aviatoriaus akiniai nuo saulės", "aviatora saulesbrilles", "pilootprillid"],
      ["Polarised Sunglasses", "poliarizuoti akiniai nuo saulės", "polarizētas saulesbrilles", "polariseeritud päikeseprillid"],
      ["Sports Sunglasses", "sportiniai akiniai nuo saulės", "sporta saulesbrilles", "spordiprillid"],
      ["Round Sunglasses", "apvalūs akiniai nuo saulės", "apaļas saulesbrilles", "ümarad päikeseprillid"],
      ["Cat-Eye Sunglasses", "katės akies formos akiniai nuo saulės", "kaķacs formas saulesbrilles", "kassisilma kujuga päikeseprillid"],
    ],
    blurbs: [
      ["UV400 lenses that block 100% of UVA and UVB rays.", "UV400 lęšiai, sulaikantys 100 % UVA ir UVB spindulių.", "UV400 lēcas, kas aiztur 100 % UVA un UVB staru.", "UV400 läätsed, mis blokeerivad 100% UVA- ja UVB-kiirgusest."],
      ["Light frames with spring hinges and a hard case included.", "Lengvi rėmeliai su spyruoklinėmis jungtimis ir kietas dėklas komplekte.", "Viegli rāmji ar atsperu eņģēm un ciets futrālis komplektā.", "Kerged raamid vedruhingedega ja komplektis kõva ümbris."],
    ],
  },
  404: {
    types: [
      ["Classic Belt", "klasikinis diržas", "klasiska josta", "klassikaline vöö"],
      ["Reversible Belt", "dvipusis diržas", "divpusēja josta", "kahepoolne vöö"],
      ["Braided Belt", "pintas diržas", "pīta josta", "punutud vöö"],
      ["Casual Belt", "kasdienis diržas", "ikdienas josta", "igapäevavöö"],
      ["Slim Belt", "siauras diržas", "šaura josta", "kitsas vöö"],
    ],
    blurbs: [
      ["A solid buckle and pre-punched holes for a precise fit.", "Tvirta sagtis ir iš anksto išmuštos skylutės tiksliam dydžiui.", "Izturīga sprādze un iepriekš izsisti caurumi precīzam izmēram.", "Tugev pannal ja eelnevalt tehtud augud täpseks sobivuseks."],
      ["Easy to shorten at home to fit any waist.", "Namuose lengvai patrumpinamas pagal bet kokią talijos apimtį.", "Mājās viegli saīsināma jebkuram vidukļa apkārtmēram.", "Saab kodus hõlpsasti lühemaks teha, et sobiks iga vööümbermõõduga."],
    ],
  },
  501: {
    types: [
      ["Moisturising Cream", "drėkinamasis kremas", "mitrinošs krēms", "niisutav kreem"],
      ["Face Serum", "veido serumas", "sejas serums", "näoseerum"],
      ["Cleansing Gel", "valomasis gelis", "attīrošs gels", "puhastusgeel"],
      ["Night Cream", "naktinis kremas", "nakts krēms", "öökreem"],
      ["Eye Cream", "paakių kremas", "acu krēms", "silmakreem"],
    ],
    blurbs: [
      ["A dermatologically tested formula suitable for sensitive skin.", "Dermatologų patikrinta formulė, tinkanti jautriai odai.", "Dermatologu pārbaudīta formula, piemērota jutīgai ādai.", "Dermatoloogiliselt testitud koostis, mis sobib ka tundlikule nahale."],
      ["With hyaluronic acid and niacinamide, free from parabens.", "Su hialurono rūgštimi ir niacinamidu, be parabenų.", "Ar hialuronskābi un niacīnamīdu, bez parabēniem.", "Sisaldab hüaluroonhapet ja niatsiinamiidi, ei sisalda parabeene."],
    ],
  },
  502: {
    types: [
      ["Mascara", "blakstienų tušas", "skropstu tuša", "ripsmetušš"],
      ["Lipstick", "lūpų dažai", "lūpu krāsa", "huulepulk"],
      ["Foundation", "makiažo pagrindas", "tonālais krēms", "jumestuskreem"],
      ["Eyeshadow Palette", "akių šešėlių paletė", "acu ēnu palete", "lauvärvipalett"],
      ["Concealer", "maskuoklis", "korektors", "peitekreem"],
    ],
    blurbs: [
      ["Long-lasting colour that stays put from morning coffee to evening plans.", "Ilgai išliekanti spalva – nuo rytinės kavos iki vakaro planų.", "Noturīga krāsa – no rīta kafijas līdz vakara plāniem.", "Püsiv värv hommikukohvist õhtuste plaanideni."],
      ["Not tested on animals, and it comes off easily with micellar water.", "Gaminys netestuotas su gyvūnais, o makiažą lengva nuvalyti miceliniu vandeniu.", "Produkts nav testēts ar dzīvniekiem, un to viegli notīrīt ar micelāro ūdeni.", "Toodet ei ole loomadel testitud ja see on mitsellaarveega kergesti eemaldatav."],
    ],
  },
  503: {
    types: [
      ["Eau de Parfum", "parfumuotas vanduo", "parfimērijas ūdens", "parfüümvesi"],
      ["Eau de Toilette", "tualetinis vanduo", "tualetes ūdens", "tualettvesi"],
      ["Body Mist", "kūno purškiklis", "ķermeņa sprejs", "kehasprei"],
      ["Perfume Oil", "aliejiniai kvepalai", "smaržu eļļa", "parfüümõli"],
      ["Eau de Cologne", "odekolonas", "odekolons", "odekolonn"],
    ],
    blurbs: [
      ["Top notes of bergamot and pink pepper over a warm base of amber and cedar.", "Bergamotės ir rožinių pipirų viršutinės natos, šilta gintaro ir kedro bazė.", "Bergamotes un rozā piparu augšējās notis ar siltu dzintara un ciedra bāzi.", "Bergamoti ja roosa pipra tippnoodid ning soe merevaigu ja seedri baas."],
      ["A long-lasting scent in a refillable glass bottle.", "Ilgai išliekantis aromatas daugkartinio pildymo stikliniame buteliuke.", "Noturīgs aromāts atkārtoti uzpildāmā stikla pudelītē.", "Püsiv lõhn korduvtäidetavas klaaspudelis."],
    ],
  },
  504: {
    types: [
      ["Shampoo", "šampūnas", "šampūns", "šampoon"],
      ["Conditioner", "kondicionierius", "kondicionieris", "palsam"],
      ["Hair Mask", "plaukų kaukė", "matu maska", "juuksemask"],
      ["Hair Oil", "plaukų aliejus", "matu eļļa", "juukseõli"],
      ["Styling Spray", "plaukų formavimo purškiklis", "matu veidošanas sprejs", "soengusprei"],
    ],
    blurbs: [
      ["Gentle care and shine without weighing hair down.", "Švelni priežiūra ir žvilgesys, plaukų nesunkinant.", "Maiga kopšana un spīdums, nepadarot matus smagus.", "Õrn hooldus ja sära, mis juukseid ei raskenda."],
      ["With argan oil and keratin for dry and coloured hair.", "Su argano aliejumi ir keratinu sausiems ir dažytiems plaukams.", "Ar argāna eļļu un keratīnu sausiem un krāsotiem matiem.", "Argaaniaõli ja keratiiniga kuivadele ja värvitud juustele."],
    ],
  },
};

/** Sentences naming the maker; {brand} is replaced, and stays in the nominative. */
export const BRAND_SENTENCES: readonly Phrase[] = [
  ["Made by {brand}. Our team checks every item before dispatch.", "Gamintojas – {brand}. Kiekvieną prekę prieš išsiunčiant patikrina mūsų komanda.", "Ražotājs – {brand}. Katru preci pirms nosūtīšanas pārbauda mūsu komanda.", "Tootja: {brand}. Iga toote vaatab enne väljasaatmist üle meie meeskond."],
  ["Covered by the official 24-month {brand} warranty.", "Taikoma oficiali 24 mėnesių {brand} garantija.", "Tiek piemērota oficiālā {brand} 24 mēnešu garantija.", "Kehtib {brand} ametlik 24-kuuline garantii."],
];

/** Sentences about buying from us, the same for every product. */
export const SERVICE_SENTENCES: readonly Phrase[] = [
  ["We ship it from our Vilnius warehouse within two business days.", "Prekę išsiunčiame iš mūsų sandėlio Vilniuje per dvi darbo dienas.", "Preci nosūtām no mūsu noliktavas Viļņā divu darba dienu laikā.", "Saadame toote teele meie Vilniuse laost kahe tööpäeva jooksul."],
  ["Free returns within 30 days if it is not quite right.", "Jei prekė netiko, ją nemokamai grąžinsite per 30 dienų.", "Ja prece neder, to var bez maksas atgriezt 30 dienu laikā.", "Kui toode ei sobi, saate selle 30 päeva jooksul tasuta tagastada."],
  ["Pay by card, online wallet or from your account balance.", "Apmokėkite kortele, elektronine pinigine arba iš sąskaitos likučio.", "Maksājiet ar karti, e-maku vai no sava konta atlikuma.", "Makske kaardi, e-rahakoti või oma kontojäägiga."],
  ["Choose air delivery for speed or sea freight to save on shipping.", "Rinkitės pristatymą oro transportu, jei skubate, arba jūrų transportu, jei norite sutaupyti.", "Izvēlieties piegādi ar aviotransportu, ja steidzaties, vai ar jūras transportu, lai ietaupītu.", "Valige kiireks kohaletoimetamiseks lennutransport või säästmiseks meretransport."],
];

/** Language-neutral model names: a series letter and a number, e.g. X200. */
export const MODEL_SERIES = ["X", "S", "V", "Z", "Q", "R", "M", "K"] as const;
