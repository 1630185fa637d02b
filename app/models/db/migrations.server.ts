import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as initialSchema from "~/models/db/migrations/0001-initial-schema";
import * as defaultSites from "~/models/db/migrations/0002-default-sites";
import * as catalogueSearch from "~/models/db/migrations/0003-catalogue-search";
import * as facetCounts from "~/models/db/migrations/0004-facet-counts";
import * as searchByLanguage from "~/models/db/migrations/0005-search-by-language";
import * as accounts from "~/models/db/migrations/0006-accounts";
import * as intermediarySite from "~/models/db/migrations/0007-intermediary-site";
import * as catalogueVersion from "~/models/db/migrations/0008-catalogue-version";
import * as searchPostings from "~/models/db/migrations/0009-search-postings";
import * as compactPostings from "~/models/db/migrations/0010-compact-postings";
import * as catalogueVersionColumns from "~/models/db/migrations/0011-catalogue-version-columns";
import * as redirects from "~/models/db/migrations/0012-redirects";
import * as categoryImages from "~/models/db/migrations/0013-category-images";
import * as carts from "~/models/db/migrations/0014-carts";
import * as checkout from "~/models/db/migrations/0015-checkout";
import * as bestSellersInBatches from "~/models/db/migrations/0016-best-sellers-in-batches";
import * as searchFollowsEdits from "~/models/db/migrations/0017-search-follows-edits";
import * as catalogueChanges from "~/models/db/migrations/0018-catalogue-changes";
import * as shellVersion from "~/models/db/migrations/0019-shell-version";
import * as payments from "~/models/db/migrations/0020-payments";
import * as quotesAndForwarding from "~/models/db/migrations/0021-quotes-and-forwarding";
import * as shippingCalculator from "~/models/db/migrations/0024-shipping-calculator";
import * as invoiceSeller from "~/models/db/migrations/0025-invoice-seller";
import * as faqAndBlog from "~/models/db/migrations/0026-faq-and-blog";
import * as claims from "~/models/db/migrations/0027-claims";
import * as reservations from "~/models/db/migrations/0028-reservations";
import * as utmAndConsent from "~/models/db/migrations/0029-utm-and-consent";
import * as proArea from "~/models/db/migrations/0030-pro-area";
import * as contentPagesAndContact from "~/models/db/migrations/0031-content-pages-and-contact";
import * as homeSections from "~/models/db/migrations/0032-home-sections";
import * as pageAddressesInShell from "~/models/db/migrations/0033-page-addresses-in-shell";
import * as generatedColumnsNotNull from "~/models/db/migrations/0034-generated-columns-not-null";
import * as staffAndAudit from "~/models/db/migrations/0040-staff-and-audit";
import * as customersAndNotes from "~/models/db/migrations/0041-customers-and-notes";
import * as creditNotes from "~/models/db/migrations/0042-credit-notes";
import * as claimAnswersAndStorageNotices from "~/models/db/migrations/0043-claim-answers-and-storage-notices";
import * as refundsAndOrderEmails from "~/models/db/migrations/0044-refunds-and-order-emails";
import * as paymentIncidents from "~/models/db/migrations/0045-payment-incidents";
import * as shipmentLines from "~/models/db/migrations/0046-shipment-lines";
import * as promotionVersionsAndListingReviews from "~/models/db/migrations/0047-promotion-versions-and-listing-reviews";
import * as contentDraftsStripAndSeaRates from "~/models/db/migrations/0048-content-drafts-strip-and-sea-rates";
import * as productEditing from "~/models/db/migrations/0049-product-editing";
import * as bulkPriceJobs from "~/models/db/migrations/0050-bulk-price-jobs";
import * as categoryAndPostVersions from "~/models/db/migrations/0051-category-and-post-versions";
import * as forwardingRateVersions from "~/models/db/migrations/0052-forwarding-rate-versions";
import * as importTaxVersions from "~/models/db/migrations/0053-import-tax-versions";
import * as siteVersions from "~/models/db/migrations/0054-site-versions";
import * as homeAndDeliveryVersions from "~/models/db/migrations/0055-home-and-delivery-versions";
import * as unpaidOrdersByCustomer from "~/models/db/migrations/0056-unpaid-orders-by-customer";

// Listed by hand rather than read from disk, so the bundled server carries
// them. Add each new migration here, in order; never edit a released one
// (0010 was, once, to drop a copy of the postings writer: decision 036).
// Numbers are handed out before the work lands, so one may arrive after a
// higher one has run (0012 after 0013): each runs once, whatever the order.
const migrations: Record<string, Migration> = {
  "0001-initial-schema": initialSchema,
  "0002-default-sites": defaultSites,
  "0003-catalogue-search": catalogueSearch,
  "0004-facet-counts": facetCounts,
  "0005-search-by-language": searchByLanguage,
  "0006-accounts": accounts,
  "0007-intermediary-site": intermediarySite,
  "0008-catalogue-version": catalogueVersion,
  "0009-search-postings": searchPostings,
  "0010-compact-postings": compactPostings,
  "0011-catalogue-version-columns": catalogueVersionColumns,
  "0012-redirects": redirects,
  "0013-category-images": categoryImages,
  "0014-carts": carts,
  "0015-checkout": checkout,
  "0016-best-sellers-in-batches": bestSellersInBatches,
  "0017-search-follows-edits": searchFollowsEdits,
  "0018-catalogue-changes": catalogueChanges,
  "0019-shell-version": shellVersion,
  "0020-payments": payments,
  "0021-quotes-and-forwarding": quotesAndForwarding,
  "0024-shipping-calculator": shippingCalculator,
  "0025-invoice-seller": invoiceSeller,
  "0026-faq-and-blog": faqAndBlog,
  "0027-claims": claims,
  "0028-reservations": reservations,
  "0029-utm-and-consent": utmAndConsent,
  "0030-pro-area": proArea,
  "0031-content-pages-and-contact": contentPagesAndContact,
  "0032-home-sections": homeSections,
  "0033-page-addresses-in-shell": pageAddressesInShell,
  "0034-generated-columns-not-null": generatedColumnsNotNull,
  "0040-staff-and-audit": staffAndAudit,
  "0041-customers-and-notes": customersAndNotes,
  "0042-credit-notes": creditNotes,
  "0043-claim-answers-and-storage-notices": claimAnswersAndStorageNotices,
  "0044-refunds-and-order-emails": refundsAndOrderEmails,
  "0045-payment-incidents": paymentIncidents,
  "0046-shipment-lines": shipmentLines,
  "0047-promotion-versions-and-listing-reviews": promotionVersionsAndListingReviews,
  "0048-content-drafts-strip-and-sea-rates": contentDraftsStripAndSeaRates,
  "0049-product-editing": productEditing,
  "0050-bulk-price-jobs": bulkPriceJobs,
  "0051-category-and-post-versions": categoryAndPostVersions,
  "0052-forwarding-rate-versions": forwardingRateVersions,
  "0053-import-tax-versions": importTaxVersions,
  "0054-site-versions": siteVersions,
  "0055-home-and-delivery-versions": homeAndDeliveryVersions,
  "0056-unpaid-orders-by-customer": unpaidOrdersByCustomer,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations, each telling when it is done, so that a long first start says how far it is. */
export function countedMigrations(all: Record<string, Migration>, pending: number, onProgress: MigrationProgress) {
  let done = 0;
  return Object.fromEntries(
    Object.entries(all).map(([name, migration]): [string, Migration] => [
      name,
      {
        ...migration,
        up: async (trx) => {
          await migration.up(trx);
          onProgress(++done, pending, name);
        },
      },
    ]),
  );
}

/** Called after each migration applied: how many of those pending are done, and which one just was. */
export type MigrationProgress = (done: number, pending: number, name: string) => void;

export async function migrateToLatest(db: Kysely<unknown>, onProgress?: MigrationProgress) {
  const pending = onProgress ? (await new Migrator({ db, provider }).getMigrations()).filter((m) => !m.executedAt).length : 0;
  const counted = onProgress && { getMigrations: async () => countedMigrations(migrations, pending, onProgress) };
  const migrator = new Migrator({ db, provider: counted || provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
