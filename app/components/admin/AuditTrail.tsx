import { useTranslation } from "~/hooks/use-translation";
import { DataTable } from "./DataTable";
import { Section } from "./Section";

// A record's trail, or a page of the whole log: who did what, when, from
// where, with the values before and after.

export type AuditRow = {
  id: number;
  at: string | Date;
  staff_email: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
};

const values = (value: unknown) => (value ? <code className="whitespace-pre-wrap break-all text-xs">{JSON.stringify(value)}</code> : "—");

export function AuditTrail({ entries, showRecord = false }: { entries: AuditRow[]; showRecord?: boolean }) {
  const { t } = useTranslation();
  return (
    <DataTable
      caption={t("admin.audit.title")}
      rows={entries}
      rowKey={(entry) => entry.id}
      empty={t("admin.audit.empty")}
      columns={[
        { header: t("admin.audit.when"), when: (entry) => entry.at },
        { header: t("admin.audit.who"), cell: (entry) => entry.staff_email },
        { header: t("admin.audit.action"), cell: (entry) => entry.action },
        ...(showRecord ? [{ header: t("admin.audit.record"), cell: (entry: AuditRow) => `${entry.entity} ${entry.entity_id}` }] : []),
        { header: t("admin.audit.before"), cell: (entry) => values(entry.before) },
        { header: t("admin.audit.after"), cell: (entry) => values(entry.after) },
        { header: t("admin.audit.address"), cell: (entry) => entry.ip ?? "—" },
      ]}
    />
  );
}

/** The foot of every record's page: its trail, under its own heading. */
export function TrailSection({ entries }: { entries: AuditRow[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t("admin.audit.trail")}>
      <AuditTrail entries={entries} />
    </Section>
  );
}
