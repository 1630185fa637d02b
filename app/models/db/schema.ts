import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

// The shape of the database for Kysely. Keep it in step with the migrations:
// tests/integration/schema.test.ts fails on any table, column or nullability
// this file and the migrated database disagree on.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in when it is left out. */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns arrive as strings so that no value passes through a float. */
type Numeric = ColumnType<string, string | number, string | number>;

export interface LanguagesTable {
  id: number;
  iso_code: string;
  locale: string;
  local_title: string;
}
export interface CountriesTable {
  id: number;
  iso_code: string;
  name: string;
}
export interface CurrenciesTable {
  id: number;
  iso_code: string;
  symbol: string;
  exchange_rate: Numeric;
  position: Generated<number>;
}
export interface SitesTable {
  id: number;
  code: string;
  name: string;
  theme: string;
  cdn_logo: string | null;
  app_url: string;
  default_language_id: number | null;
  default_country_id: number | null;
  conversion_currency_id: number | null;
  criteo_key: string | null;
  klaviyo_key: string | null;
  category_doc_key: string | null;
  /** jsonb, written as its text. */
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The version an edit names (0054). */
  updated_at: Generated<Date>;
}
export interface SiteHostsTable {
  host: string;
  site_id: number;
}
export interface SiteLanguagesTable {
  site_id: number;
  language_id: number;
  position: Generated<number>;
  gtm_id: string | null;
  pixel_id: string | null;
  live_agent_id: string | null;
  mp_default_sort: string | null;
}
export interface SiteCurrenciesTable {
  site_id: number;
  currency_id: number;
  position: Generated<number>;
}
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone: string | null;
  role: Generated<"customer" | "pro" | "admin">;
  site_id: number | null;
  language_id: number | null;
  newsletter_subscribed: Generated<boolean>;
  balance_minor: Generated<number>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  /** Set by staff: sign-in is refused and every session ends (0041). */
  blocked_at: Timestamp | null;
  blocked_reason: string | null;
}
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}
export interface DeliveryAddressesTable {
  id: Generated<number>;
  user_id: number;
  first_name: string;
  last_name: string;
  first_address: string;
  city: string;
  zip: string;
  phone_number: string;
  country_id: number;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  used_at: Date | null;
}
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}
export interface CategoriesTable {
  id: number;
  parent_id: number | null;
  position: Generated<number>;
  slug: string;
  path: string;
  filterable_additional_fields: Generated<number[]>;
  /** The picture of the category's tile on the home page; null for none. */
  image: string | null;
  /** When it last changed: the version its back-office form names (0051). */
  updated_at: TimestampDefault;
}
export interface CategoryTranslationsTable {
  category_id: number;
  language_id: number;
  name: string;
  title: string;
}
export interface ManufacturersTable {
  id: number;
  name: string;
  slug: string;
}
export interface AdditionalFieldsTable {
  id: number;
  code: string;
  filterable: Generated<boolean>;
  disabled_in_index: Generated<boolean>;
}
export interface AdditionalFieldTranslationsTable {
  field_id: number;
  language_id: number;
  name: string;
}
export interface AdditionalFieldOptionsTable {
  id: number;
  field_id: number;
  code: string;
  position: Generated<number>;
}
export interface AdditionalFieldOptionTranslationsTable {
  option_id: number;
  language_id: number;
  label: string;
}
export interface ProductsTable {
  id: Generated<number>;
  sku: string;
  slug: string;
  listing_type: Generated<"p" | "o">;
  category_id: number;
  manufacturer_id: number | null;
  price_minor: number;
  original_price_minor: number;
  /** A generated column. */
  discount_percentage: ColumnType<number, never, never>;
  stock: Generated<number>;
  paid_amount: Generated<number>;
  arrived_at: TimestampDefault;
  image: string;
  images: Generated<string[]>;
  is_active: Generated<boolean>;
  created_at: TimestampDefault;
  weight_grams: Generated<number>;
  volume_cm3: Generated<number>;
  /** The pro user who lists it; null for the shop's own products (0030). */
  seller_id: Generated<number | null>;
  /** The version a staff edit names (0049). */
  version: Generated<number>;
  /** Each picture's alternative text per language, by the picture's address (0049). */
  image_alts: ColumnType<Record<string, Record<string, string>>, string | undefined, string>;
}
export interface ProductTranslationsTable {
  product_id: number;
  language_id: number;
  name: string;
  description: string;
  /** A generated column (migration 0003). */
  search_vector: ColumnType<string, never, never>;
}
export interface ProductAdditionalValuesTable {
  product_id: number;
  field_id: number;
  option_id: number;
}
export interface FlagsTable {
  id: number;
  type: Generated<"" | "1" | "2">;
  position: Generated<number>;
  slug: string;
  image: string | null;
}
export interface FlagTranslationsTable {
  flag_id: number;
  language_id: number;
  name: string;
}
export interface ProductFlagsTable {
  flag_id: number;
  product_id: number;
}
export interface OrdersTable {
  id: Generated<number>;
  slug: string;
  user_id: number | null;
  site_id: number | null;
  kind: "marketplace" | "quote" | "forward" | "invoice" | "listing";
  /** The quote, forward request, invoice or listing (product) this order bills (null for a marketplace order). */
  source_id: number | null;
  status: "unpaid" | "paid" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
  currency_id: number;
  shipping_method: "air" | "sea" | null;
  subtotal_minor: Generated<number>;
  shipping_minor: Generated<number>;
  total_minor: Generated<number>;
  created_at: TimestampDefault;
  paid_at: Timestamp | null;
  email: string | null;
  checkout_slug: string | null;
  idempotency_key: string | null;
  shipping_discount_minor: Generated<number>;
  delivery_minor: Generated<number>;
  promo_discount_minor: Generated<number>;
  balance_minor: Generated<number>;
  payment_fee_minor: Generated<number>;
  payment_provider: number | null;
  address: ColumnType<CheckoutAddress | null, string | null, string | null>;
  courier_name: string | null;
  pickup_point: string | null;
  /** The campaign (utm_ keys) the order came from (0029). */
  utm: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  packed_at: Timestamp | null;
  shipped_at: Timestamp | null;
  delivered_at: Timestamp | null;
  /** Raised by every staff edit; an edit made on an older version is refused (0040). */
  version: Generated<number>;
  locale: "en" | "lt" | "lv" | "ee" | null;
  /** How much of the order has been given back so far; "refunded" once it reaches the total (0044). */
  refunded_minor: Generated<number>;
}
export type ClaimReason = "defective" | "damaged_in_transport" | "wrong_item" | "missing_parts" | "other";
export type ClaimStatus = "received" | "in_review" | "approved" | "rejected";
export interface ClaimsTable {
  id: Generated<number>;
  user_id: number | null;
  site_id: number | null;
  order_id: number;
  email: string;
  locale: string;
  kind: "warranty" | "marketplace";
  reason: ClaimReason;
  description: string;
  status: Generated<ClaimStatus>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  /** Raised by every staff change; a change made on an older version is refused (0043). */
  version: Generated<number>;
}
/** What staff wrote to the claim's customer (0043); sent_at stays null while the email has not gone out. */
export interface ClaimAnswersTable {
  id: Generated<number>;
  claim_id: number;
  staff_id: number | null;
  staff_email: string;
  body: string;
  locale: string;
  created_at: TimestampDefault;
  sent_at: Timestamp | null;
}
export interface ClaimLinesTable {
  id: Generated<number>;
  claim_id: number;
  order_item_id: number | null;
  quote_line_id: number | null;
  name: string;
  quantity: number;
}
export interface ClaimFilesTable {
  id: Generated<number>;
  claim_id: number;
  position: number;
  stored_name: string;
  original_name: string;
  type: string;
  size_bytes: number;
}
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  sku: string;
  name: string;
  quantity: number;
  price_minor: number;
  image: string | null;
}
export interface BalanceEntriesTable {
  id: Generated<number>;
  user_id: number;
  rel_type: number;
  type: number;
  rel_id: number | null;
  quote_slug: string | null;
  payment_processor_name: string | null;
  payment_processor_transaction_id: string | null;
  amount_minor: number;
  starting_balance_minor: number;
  end_balance_minor: number;
  created_at: TimestampDefault;
  /** Why staff moved the balance by hand; for staff only (0041). */
  reason: string | null;
}
export interface PagesTable {
  id: Generated<number>;
  slug: string;
  /** Null: every site shows the page; a site's own page is shown instead of the shared one of the same slug (0031). */
  site_id: number | null;
  updated_at: TimestampDefault;
}
export interface PageTranslationsTable {
  page_id: number;
  language_id: number;
  title: string;
  description: Generated<string>;
  body: string;
  /** The language's own slug (lt "kontaktai"); null: the page's slug (0031). */
  slug: string | null;
  /** A draft is not shown (0048). */
  published: Generated<boolean>;
  /** The title search engines and the browser tab show; empty: the title (0048). */
  seo_title: Generated<string>;
}
export interface ContactMessagesTable {
  id: Generated<number>;
  site_id: number;
  user_id: number | null;
  locale: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  client_ip: string | null;
  created_at: TimestampDefault;
  mail_sent: Generated<boolean>;
}
export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  image: string | null;
  published_at: TimestampDefault;
  author: Generated<string>;
  /** Null: every site shows the post. */
  site_id: number | null;
  /** The version an edit names (0051). */
  updated_at: TimestampDefault;
}
export interface BlogPostTranslationsTable {
  post_id: number;
  language_id: number;
  title: string;
  excerpt: string;
  body: string;
  /** A draft is not shown (0051). */
  published: Generated<boolean>;
  /** What search engines and the browser tab show; empty: the title, and the excerpt (0051). */
  seo_title: Generated<string>;
  seo_description: Generated<string>;
}
export interface FaqEntriesTable {
  id: Generated<number>;
  slug: string;
  position: Generated<number>;
  category: Generated<string>;
  /** The version an edit names (0048). */
  updated_at: TimestampDefault;
}
export interface FaqTranslationsTable {
  faq_id: number;
  language_id: number;
  question: string;
  answer: string;
  /** A draft is not shown (0048). */
  published: Generated<boolean>;
  /** Empty: the question, and the start of the answer (0048). */
  seo_title: Generated<string>;
  seo_description: Generated<string>;
}
/** What the strip over every page says on a site in a language; an empty text: no strip (0048). */
export interface NotificationStripsTable {
  site_id: number;
  language_id: number;
  text: string;
  updated_at: TimestampDefault;
}

export interface ShippingRatesTable {
  site_id: number;
  method: "air" | "sea";
  base_minor: number;
  per_kg_minor: number;
  volumetric_divisor: number;
  discount_percent: Generated<number>;
  /** The version an edit names (0048). */
  updated_at: TimestampDefault;
}
export interface ShippingTiersTable {
  site_id: number;
  min_subtotal_minor: number;
  shipping_minor: number;
  updated_at: TimestampDefault;
}
export interface CartsTable {
  id: Generated<number>;
  token: string;
  user_id: number | null;
  site_id: number;
  shipping_method: Generated<"air" | "sea">;
  created_at: TimestampDefault;
  expires_at: Timestamp;
}
export interface CartItemsTable {
  cart_id: number;
  product_id: number;
  quantity: number;
  price_minor: number;
  added_at: TimestampDefault;
}
/** An address as checkout keeps it (spec 3, Checkout state). */
export type CheckoutAddress = Omit<Selectable<DeliveryAddressesTable>, "id" | "user_id" | "created_at" | "updated_at"> & { id?: number };
export type CheckoutLine = { product_id: number; sku: string; quantity: number; price_minor: number };
export interface CouriersTable {
  id: Generated<number>;
  country_id: number;
  name: string;
  delivery_type: "door" | "locker";
  fee_minor: number;
  position: Generated<number>;
  /** Offered at checkout; a courier taken off stays for the checkouts that chose it. */
  active: Generated<boolean>;
  updated_at: TimestampDefault;
}
export interface PickupPointsTable {
  id: Generated<number>;
  courier_id: number;
  name: string;
  address: string;
  city: string;
  zip: string;
  updated_at: TimestampDefault;
}
export interface PromotionsTable {
  id: Generated<number>;
  code: string;
  kind: 0 | 1;
  amount_minor: number | null;
  percent: Numeric | null;
  valid_from: Timestamp | null;
  valid_until: Timestamp | null;
  min_subtotal_minor: Generated<number>;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: Generated<number>;
  /** Raised by every staff change, not by a checkout's use (0047). */
  version: Generated<number>;
}
/** A pro seller's listing's review before its fee (0047); no row: listed before reviews began, approved. */
export type BulkJobState = "previewed" | "queued" | "running" | "done" | "failed";
/** A file of prices and stock, checked and then applied in batches (0050). */
export interface BulkJobsTable {
  id: Generated<number>;
  file_name: string;
  staff_id: number | null;
  staff_email: string;
  staff_ip: string | null;
  state: Generated<BulkJobState>;
  row_count: number;
  last_line: number;
  preview_changes: number;
  preview_unchanged: number;
  preview_refused: number;
  /** The last file line applied. */
  cursor: Generated<number>;
  changed: Generated<number>;
  unchanged: Generated<number>;
  refused: Generated<number>;
  leased_by: string | null;
  lease_until: Timestamp | null;
  error: string | null;
  created_at: TimestampDefault;
  queued_at: Timestamp | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}
/** One data row of a job's file (0050). */
export interface BulkJobRowsTable {
  job_id: number;
  line: number;
  sku: string;
  price_minor: number | null;
  original_price_minor: number | null;
  stock: number | null;
  refusal: string | null;
  refusal_detail: string | null;
}
export interface ListingReviewsTable {
  product_id: number;
  status: Generated<ListingReviewStatus>;
  /** Why it was refused, which the seller reads; only with "refused". */
  reason: string | null;
  /** Raised by the seller's every save and by every decision. */
  version: Generated<number>;
  submitted_at: TimestampDefault;
  decided_at: Timestamp | null;
  decided_by: string | null;
}
export type ListingReviewStatus = "pending" | "approved" | "refused";
export interface PromotionUsesTable {
  id: Generated<number>;
  promotion_id: number;
  order_id: number;
  user_id: number | null;
  email: string;
  created_at: TimestampDefault;
}
export interface PaymentMethodsTable {
  site_id: number;
  provider: 1 | 2 | 3 | 4;
  /** A fixed fee in major units, or a percentage. */
  fee: Numeric;
  fee_type: "fixed" | "percentage";
  position: Generated<number>;
  /** Who takes the payment: a processor, or the ledger for the balance (decision 026). */
  processor: Generated<PaymentProcessorKey | "balance">;
  /** The site's languages (iso codes) the method is offered in; null: all. */
  languages: string[] | null;
}
export interface CheckoutsTable {
  slug: string;
  cart_id: number | null;
  user_id: number | null;
  guest_token: string | null;
  site_id: number;
  currency_id: number;
  state: Generated<"open" | "placed" | "invalid">;
  step: Generated<3 | 4 | 5>;
  email: string | null;
  address: ColumnType<CheckoutAddress | null, string | null, string | null>;
  shipping_method: Generated<"air" | "sea">;
  courier_id: number | null;
  pickup_point_id: number | null;
  promotion_id: number | null;
  balance_minor: Generated<number>;
  balance_removed: Generated<boolean>;
  payment_provider: 1 | 2 | 3 | 4 | null;
  lines: ColumnType<CheckoutLine[], string, string>;
  order_id: number | null;
  created_at: TimestampDefault;
  expires_at: Timestamp;
}
export type PaymentProcessorKey = "sandbox" | "stripe" | "paypal" | "montonio";
export type PaymentStatus = "pending" | "paid" | "failed" | "declined" | "abandoned" | "review";
export interface PaymentsTable {
  id: Generated<number>;
  token: string;
  purpose: Generated<"order" | "top-up">;
  order_id: number | null;
  user_id: number | null;
  provider: 1 | 2 | 3 | 4;
  processor: Generated<PaymentProcessorKey>;
  /** What the processor is to take, without the balance's part. */
  amount_minor: number;
  currency: Generated<string>;
  processor_ref: string | null;
  transaction_id: string | null;
  redirect_url: string | null;
  balance_hold_minor: Generated<number>;
  balance_released: Generated<boolean>;
  status: Generated<PaymentStatus>;
  review_reason: string | null;
  checked_at: Timestamp | null;
  refunded_minor: Generated<number>;
  created_at: TimestampDefault;
  settled_at: Timestamp | null;
}
export interface PaymentEventsTable {
  processor: string;
  event_id: string;
  payment_id: number | null;
  status: string;
  received_at: TimestampDefault;
}
export interface SandboxPaymentsTable {
  ref: string;
  reference: string;
  amount_minor: number;
  currency: string;
  status: Generated<"pending" | "paid" | "failed" | "declined">;
  pays_at: Timestamp | null;
  webhook_url: string;
  return_url: string;
  cancel_url: string;
  refunded_minor: Generated<number>;
  created_at: TimestampDefault;
}
export interface RedirectsTable {
  from_path: string;
  /** A path of the shop ("/lt/new") or an address elsewhere ("https://…"). */
  to_url: string;
  status: ColumnType<301 | 302, 301 | 302 | undefined, 301 | 302>;
  created_at: TimestampDefault;
}

export type QuoteStatus = "requested" | "priced" | "paid" | "ordered" | "at_warehouse" | "shipped" | "delivered" | "declined" | "cancelled";
export interface StoresTable {
  id: Generated<number>;
  name: string;
  domain: string;
  logo: string | null;
  country_id: number | null;
  site_ids: number[] | null;
  position: Generated<number>;
}
export interface QuotesTable {
  id: Generated<number>;
  slug: string;
  user_id: number;
  site_id: number;
  language_id: number | null;
  currency_id: number;
  status: Generated<QuoteStatus>;
  note: Generated<string>;
  shop_shipping_minor: number | null;
  service_fee_minor: number | null;
  air_minor: number | null;
  sea_minor: number | null;
  air_days: string | null;
  sea_days: string | null;
  tax_minor: number | null;
  shipping_method: "air" | "sea" | null;
  cancel_reason: string | null;
  created_at: TimestampDefault;
  priced_at: Timestamp | null;
  paid_at: Timestamp | null;
  updated_at: TimestampDefault;
  /** The campaign (utm_ keys) the quote came from (0029). */
  utm: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}
/** One visit that came with a campaign: its keys and the site, nothing about who (0029). */
export interface UtmLandingsTable {
  id: Generated<number>;
  site_id: number | null;
  utm: ColumnType<Record<string, string>, string, string>;
  created_at: TimestampDefault;
}
export interface QuoteLinesTable {
  id: Generated<number>;
  quote_id: number;
  position: number;
  url: string;
  store_id: number | null;
  quantity: number;
  options: Generated<string>;
  note: Generated<string>;
  seen_price_minor: number | null;
  price_minor: number | null;
  title: string | null;
}
export interface WarehousesTable {
  id: number;
  code: string;
  country_id: number;
  name: string;
  street: string;
  city: string;
  region: Generated<string>;
  zip: string;
  phone: string;
  free_storage_days: Generated<number>;
  storage_fee_minor: Generated<number>;
  position: Generated<number>;
}
export type ParcelStatus = "expected" | "arrived" | "stored" | "forwarding" | "shipped" | "delivered";
export interface ParcelsTable {
  id: Generated<number>;
  user_id: number;
  site_id: number;
  warehouse_id: number;
  tracking_number: string;
  carrier: Generated<string>;
  store_name: Generated<string>;
  quote_id: number | null;
  status: Generated<ParcelStatus>;
  weight_g: number | null;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  photos: Generated<string[]>;
  arrived_at: Timestamp | null;
  free_until: Timestamp | null;
  storage_reminder_sent_at: Timestamp | null;
  /** When the "storage charges have started" email was claimed for sending (0043). */
  storage_charge_notice_sent_at: Timestamp | null;
  created_at: TimestampDefault;
}
export interface ParcelLinesTable {
  id: Generated<number>;
  parcel_id: number;
  position: number;
  description: string;
  quantity: number;
  value_minor: number;
}
export type ForwardRequestStatus = "requested" | "info_needed" | "priced" | "paid" | "shipped" | "delivered" | "cancelled";
export interface ForwardRequestsTable {
  id: Generated<number>;
  slug: string;
  user_id: number;
  site_id: number;
  warehouse_id: number;
  currency_id: number;
  status: Generated<ForwardRequestStatus>;
  shipping_method: "air" | "sea";
  address: ColumnType<CheckoutAddress, string, string>;
  shipping_minor: number | null;
  storage_fee_minor: Generated<number>;
  tracking_number: string | null;
  created_at: TimestampDefault;
  priced_at: Timestamp | null;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
}
export interface ForwardRequestParcelsTable {
  forward_request_id: number;
  parcel_id: number;
}
export interface InfoRequestsTable {
  id: Generated<number>;
  slug: string;
  user_id: number;
  subject_kind: "quote" | "parcel" | "forward";
  subject_id: number;
  question: string;
  answer: string | null;
  file: string | null;
  created_at: TimestampDefault;
  answered_at: Timestamp | null;
}
export interface ShipmentsTable {
  id: Generated<number>;
  tracking_number: string;
  carrier: Generated<string>;
  user_id: number | null;
  subject_kind: "order" | "quote" | "parcel" | "forward";
  subject_id: number;
  created_at: TimestampDefault;
  /** The carrier's label, a stored upload's name (0046). */
  label: string | null;
}
export interface ShipmentLinesTable {
  shipment_id: number;
  order_item_id: number;
  quantity: number;
}
export interface TrackingEventsTable {
  id: Generated<number>;
  shipment_id: number;
  happened_at: Timestamp;
  code: string;
  location: Generated<string>;
}
export type InvoiceStatus = "issued" | "paid" | "declined" | "cancelled";
export interface InvoiceBuyer {
  name: string;
  email: string;
  address: string;
}
export interface InvoiceSeller {
  name: string;
  address: string;
  companyCode: string;
  vatCode: string;
}
export interface InvoicesTable {
  id: Generated<number>;
  number: string;
  user_id: number;
  site_id: number;
  currency_id: number;
  status: Generated<InvoiceStatus>;
  buyer: ColumnType<InvoiceBuyer, string, string>;
  /** The seller as it was when the invoice was issued (null: issued before it was kept). */
  seller: ColumnType<InvoiceSeller | null, string | null, string | null>;
  issued_at: TimestampDefault;
  due_at: Timestamp;
  paid_at: Timestamp | null;
  declined_at: Timestamp | null;
}
export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  description: string;
  quantity: number;
  unit_minor: number;
  vat_rate: Numeric;
}
/** The shipping calculator's price from one warehouse to one country by one method (0024). */
export interface ForwardingRatesTable {
  id: Generated<number>;
  warehouse_id: number;
  method: "air" | "sea";
  country_id: number;
  first_weight_g: Generated<number>;
  first_minor: number;
  step_g: Generated<number>;
  step_minor: number;
  divisor: number;
  days_min: number;
  days_max: number;
  /** The version an edit names (0052). */
  updated_at: Generated<Date>;
}
/** A destination's import VAT and duty, for the calculator's landed cost (0024). */
export interface ImportTaxesTable {
  country_id: number;
  customs_union: string | null;
  /** Per cent, e.g. "21.00". */
  vat_rate: Numeric;
  duty_rate: Numeric;
  duty_free_minor: Generated<number>;
  /** The version an edit names (0053). */
  updated_at: Generated<Date>;
}
export interface InvoiceSequencesTable {
  year: number;
  last_number: number;
}
/** A paid invoice taken back whole: its lines negated, its own number (0042). */
export interface CreditNotesTable {
  id: Generated<number>;
  number: string;
  invoice_id: number;
  reason: Generated<string>;
  issued_at: TimestampDefault;
}
export interface CreditNoteSequencesTable {
  year: number;
  last_number: number;
}

export type ReservationStatus = "pending" | "confirmed" | "cancelled" | "expired";
/** One model, colour and storage open for reservation, with its limited allocation (0028). */
export interface ReservationOptionsTable {
  id: Generated<number>;
  model: string;
  colour: string;
  storage_gb: number;
  price_minor: number;
  allocation: number;
  reserved: Generated<number>;
}
export interface ReservationsTable {
  id: Generated<number>;
  token: string;
  user_id: number | null;
  email: string;
  name: string;
  phone: string;
  option_id: number;
  site_id: number;
  status: Generated<ReservationStatus>;
  created_at: TimestampDefault;
  confirmed_at: Timestamp | null;
  expires_at: Timestamp;
}

/** A section of a site's home page, for every language (language_id null) or one (0032). */
export interface HomeSectionsTable {
  id: Generated<number>;
  site_id: number;
  language_id: number | null;
  /** hero, categories, deals, new_arrivals, best_sellers, how_it_works or blog_teasers (models/home/sections.ts). */
  kind: string;
  position: number;
  is_visible: Generated<boolean>;
  /** What the operator filled; read through readContent, never trusted as it is. */
  content: ColumnType<unknown, string | undefined, string>;
  /** When the row last changed: a site's latest is the version its back-office page names. */
  updated_at: TimestampDefault;
}

export type ProApplicationStatus = "pending" | "approved" | "rejected";
/** A customer's application to sell as a pro user (0030). */
export interface ProApplicationsTable {
  id: Generated<number>;
  user_id: number;
  site_id: number | null;
  locale: string;
  company_name: string;
  company_code: string;
  phone: string;
  message: Generated<string>;
  status: Generated<ProApplicationStatus>;
  created_at: TimestampDefault;
  decided_at: Timestamp | null;
}
/** Views of a product's page per day, added in batches (0030). */
export interface ProductViewsTable {
  product_id: number;
  /** yyyy-MM-dd, UTC. */
  day: ColumnType<string, string, string>;
  views: number;
}

// The tables that triggers fill and the catalogue index, search and shell
// read through their own SQL: typed all the same, so the schema check below
// sees every table.

/** One row per product changed, by its transaction's id (0018): what the catalogue index follows. */
export interface CatalogueChangesTable {
  xid: Generated<string>;
  product_id: number;
  changed_at: TimestampDefault;
}
/** The catalogue's version, a new one at each change the index cannot follow in place (0008). */
export interface CatalogueStateTable {
  id: Generated<boolean>;
  version: Generated<string>;
}
/** A translation's words before and after an edit, waiting for search to apply them (0017). */
export interface SearchEditsTable {
  id: Generated<number>;
  product_id: number;
  language_id: number;
  old_vector: string;
  new_vector: string;
}
/** Each word's products, compactly (0009, 0010: search/postings.server.ts). */
export interface SearchPostingsTable {
  language_id: number;
  word: string;
  in_name: boolean;
  product_ids: Buffer;
}
export interface SearchStateTable {
  only_row: Generated<boolean>;
  version: Generated<number>;
}
/** Every word of the catalogue per language, for suggestions (0003). */
export interface SearchWordsTable {
  language_id: number;
  word: string;
}
/** The shell's settings' version: servers drop their kept shell when it moves (0019, decision 024). */
export interface ShellStateTable {
  only_row: Generated<boolean>;
  version: Generated<number>;
}

export type StaffRole = "owner" | "operator" | "support" | "catalogue";
export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: StaffRole;
  locale: Generated<"en" | "lt" | "lv" | "ee">;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  disabled_at: Timestamp | null;
  created_at: TimestampDefault;
  version: Generated<number>;
}
export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  created_at: TimestampDefault;
  last_seen_at: TimestampDefault;
  verified_at: Timestamp | null;
  pending_totp_secret: string | null;
  ip: string | null;
  user_agent: string | null;
}
export interface StaffRecoveryCodesTable {
  staff_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}
export interface StaffInvitesTable {
  token_hash: string;
  staff_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface AuditLogTable {
  id: Generated<number>;
  at: TimestampDefault;
  staff_id: number | null;
  staff_email: string;
  action: string;
  entity: string;
  entity_id: string;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  ip: string | null;
}
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number | null;
  to_processor_minor: number;
  to_balance_minor: number;
  reason: Generated<string>;
  status: Generated<"pending" | "done" | "failed">;
  staff_email: string;
  created_at: TimestampDefault;
}
export interface OrderEmailsTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  to_address: string;
  subject: string;
  sent_at: TimestampDefault;
}
export interface PaymentIncidentsTable {
  id: Generated<number>;
  kind: "webhook_refused" | "gave_up";
  processor: string;
  payment_id: number | null;
  detail: Generated<string>;
  day: ColumnType<Date, string | undefined, string>;
  occurrences: Generated<number>;
  first_at: TimestampDefault;
  last_at: TimestampDefault;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
}
/** A staff note on a record: a customer, an order (0041). */
export interface NotesTable {
  id: Generated<number>;
  entity: string;
  entity_id: number;
  staff_id: number | null;
  staff_email: string;
  body: string;
  created_at: TimestampDefault;
}
export interface Database {
  languages: LanguagesTable;
  countries: CountriesTable;
  currencies: CurrenciesTable;
  sites: SitesTable;
  site_hosts: SiteHostsTable;
  site_languages: SiteLanguagesTable;
  site_currencies: SiteCurrenciesTable;
  users: UsersTable;
  sessions: SessionsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_invites: StaffInvitesTable;
  audit_log: AuditLogTable;
  refunds: RefundsTable;
  order_emails: OrderEmailsTable;
  payment_incidents: PaymentIncidentsTable;
  shipment_lines: ShipmentLinesTable;
  notes: NotesTable;
  delivery_addresses: DeliveryAddressesTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
  categories: CategoriesTable;
  category_translations: CategoryTranslationsTable;
  manufacturers: ManufacturersTable;
  additional_fields: AdditionalFieldsTable;
  additional_field_translations: AdditionalFieldTranslationsTable;
  additional_field_options: AdditionalFieldOptionsTable;
  additional_field_option_translations: AdditionalFieldOptionTranslationsTable;
  products: ProductsTable;
  shipping_rates: ShippingRatesTable;
  shipping_tiers: ShippingTiersTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  couriers: CouriersTable;
  pickup_points: PickupPointsTable;
  promotions: PromotionsTable;
  promotion_uses: PromotionUsesTable;
  listing_reviews: ListingReviewsTable;
  bulk_jobs: BulkJobsTable;
  bulk_job_rows: BulkJobRowsTable;
  checkouts: CheckoutsTable;
  payment_methods: PaymentMethodsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  sandbox_payments: SandboxPaymentsTable;
  product_translations: ProductTranslationsTable;
  product_additional_values: ProductAdditionalValuesTable;
  flags: FlagsTable;
  flag_translations: FlagTranslationsTable;
  product_flags: ProductFlagsTable;
  orders: OrdersTable;
  utm_landings: UtmLandingsTable;
  order_items: OrderItemsTable;
  claims: ClaimsTable;
  claim_lines: ClaimLinesTable;
  claim_files: ClaimFilesTable;
  claim_answers: ClaimAnswersTable;
  balance_entries: BalanceEntriesTable;
  pages: PagesTable;
  page_translations: PageTranslationsTable;
  contact_messages: ContactMessagesTable;
  blog_posts: BlogPostsTable;
  blog_post_translations: BlogPostTranslationsTable;
  faq_entries: FaqEntriesTable;
  faq_translations: FaqTranslationsTable;
  notification_strips: NotificationStripsTable;
  redirects: RedirectsTable;
  stores: StoresTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  warehouses: WarehousesTable;
  parcels: ParcelsTable;
  parcel_lines: ParcelLinesTable;
  forward_requests: ForwardRequestsTable;
  forward_request_parcels: ForwardRequestParcelsTable;
  info_requests: InfoRequestsTable;
  shipments: ShipmentsTable;
  tracking_events: TrackingEventsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_sequences: InvoiceSequencesTable;
  credit_notes: CreditNotesTable;
  credit_note_sequences: CreditNoteSequencesTable;
  forwarding_rates: ForwardingRatesTable;
  import_taxes: ImportTaxesTable;
  reservation_options: ReservationOptionsTable;
  reservations: ReservationsTable;
  home_sections: HomeSectionsTable;
  pro_applications: ProApplicationsTable;
  product_views: ProductViewsTable;
  catalogue_changes: CatalogueChangesTable;
  catalogue_state: CatalogueStateTable;
  search_edits: SearchEditsTable;
  search_postings: SearchPostingsTable;
  search_state: SearchStateTable;
  search_words: SearchWordsTable;
  shell_state: ShellStateTable;
}

export type NewUser = Insertable<UsersTable>;
export type User = Selectable<UsersTable>;
