import { sql, type Kysely } from "kysely";

// The shop's reference data: its languages, countries, currencies and the
// nine sites with the hosts that reach them (lt.localhost … ae.localhost and
// plain localhost work out of the box). An operator changes them in these
// tables afterwards; this migration only sets the starting point.
export async function up(db: Kysely<unknown>) {
  await sql`
    insert into languages (id, iso_code, locale, local_title) values
      (1, 'en', 'en', 'English'),
      (2, 'lt', 'lt', 'Lietuvių'),
      (3, 'lv', 'lv', 'Latviešu'),
      (4, 'ee', 'et', 'Eesti');

    insert into countries (id, iso_code, name) values
      (1, 'LT', 'Lithuania'),
      (2, 'LV', 'Latvia'),
      (3, 'EE', 'Estonia'),
      (4, 'NL', 'Netherlands'),
      (5, 'AE', 'United Arab Emirates'),
      (6, 'PL', 'Poland'),
      (7, 'DE', 'Germany'),
      (8, 'FI', 'Finland'),
      (9, 'GB', 'United Kingdom'),
      (10, 'US', 'United States'),
      (11, 'SE', 'Sweden'),
      (12, 'FR', 'France');

    insert into currencies (id, iso_code, symbol, exchange_rate, position) values
      (1, 'EUR', '€', '1', 0),
      (2, 'USD', '$', '1.08', 1),
      (3, 'GBP', '£', '0.85', 2),
      (4, 'PLN', 'zł', '4.30', 3);

    insert into sites (id, code, name, theme, app_url, default_language_id, default_country_id, conversion_currency_id) values
      (1, 'default', 'Shipwise', 'default', 'http://localhost:3000', 2, 1, 2),
      (2, 'lt', 'Siuntų Tiltas', 'lt', 'http://lt.localhost:3000', 2, 1, 1),
      (3, 'lv', 'Sūtņu Tilts', 'lv', 'http://lv.localhost:3000', 3, 2, 1),
      (4, 'ee', 'Pakisild', 'ee', 'http://ee.localhost:3000', 4, 3, 1),
      (5, 'pj', 'Preloved Junction', 'pj', 'http://pj.localhost:3000', 2, 1, 1),
      (6, 'tp', 'TradePort', 'tp', 'http://tp.localhost:3000', 1, 1, 2),
      (7, 'wl', 'WhiteLine Logistics', 'wl', 'http://wl.localhost:3000', 1, 1, 1),
      (8, 'nl', 'Noordlijn', 'nl', 'http://nl.localhost:3000', 1, 4, 1),
      (9, 'ae', 'Dune Express', 'ae', 'http://ae.localhost:3000', 1, 5, 2);

    insert into site_hosts (host, site_id) values
      ('localhost', 1),
      ('127.0.0.1', 1),
      ('lt.localhost', 2),
      ('lv.localhost', 3),
      ('ee.localhost', 4),
      ('pj.localhost', 5),
      ('tp.localhost', 6),
      ('wl.localhost', 7),
      ('nl.localhost', 8),
      ('ae.localhost', 9);

    insert into site_languages (site_id, language_id, position, mp_default_sort) values
      (1, 2, 0, 'best_sellers'),
      (1, 1, 1, 'best_sellers'),
      (1, 3, 2, 'best_sellers'),
      (1, 4, 3, 'best_sellers'),
      (2, 2, 0, 'best_sellers'),
      (2, 1, 1, 'best_sellers'),
      (3, 3, 0, 'best_sellers'),
      (3, 1, 1, 'best_sellers'),
      (4, 4, 0, 'best_sellers'),
      (4, 1, 1, 'best_sellers'),
      (5, 2, 0, null),
      (5, 1, 1, null),
      (6, 1, 0, null),
      (6, 2, 1, null),
      (6, 3, 2, null),
      (6, 4, 3, null),
      (7, 1, 0, null),
      (7, 2, 1, null),
      (7, 3, 2, null),
      (7, 4, 3, null),
      (8, 1, 0, 'best_sellers'),
      (8, 2, 1, 'best_sellers'),
      (8, 3, 2, 'best_sellers'),
      (8, 4, 3, 'best_sellers'),
      (9, 1, 0, null),
      (9, 2, 1, null),
      (9, 3, 2, null),
      (9, 4, 3, null);

    insert into site_currencies (site_id, currency_id, position) values
      (1, 1, 0),
      (1, 2, 1),
      (1, 3, 2),
      (1, 4, 3),
      (2, 1, 0),
      (2, 2, 1),
      (3, 1, 0),
      (3, 2, 1),
      (4, 1, 0),
      (4, 2, 1),
      (5, 1, 0),
      (5, 2, 1),
      (6, 1, 0),
      (6, 2, 1),
      (6, 4, 2),
      (7, 1, 0),
      (7, 2, 1),
      (8, 1, 0),
      (8, 2, 1),
      (8, 3, 2),
      (9, 1, 0),
      (9, 2, 1);

  `.execute(db);
}
