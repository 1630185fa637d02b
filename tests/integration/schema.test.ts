import { sql } from "kysely";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";

// db/schema.ts is written by hand beside the migrations, and Kysely trusts
// it: a column it lacks cannot be read, one it names that is gone fails
// only when a query runs, and a nullable column typed as never null lets a
// null through unchecked. This test reads the types with the TypeScript
// compiler and compares them with the migrated database's own columns, on
// each database the data tests run on.

type Column = { nullable: boolean };
type Tables = Map<string, Map<string, Column>>;

const WRAPPERS = new Set(["Generated", "GeneratedAlways", "ColumnType"]);

/** The tables of the `Database` interface, each column with whether its selected type admits null. */
function declaredTables(): Tables {
  const file = ts.createSourceFile("schema.ts", readFileSync("app/models/db/schema.ts", "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
  });
  /** Whether a column's type, as a select reads it, includes null: Generated<T> and ColumnType<T, …> read as T. */
  const admitsNull = (type: ts.TypeNode): boolean => {
    if (ts.isUnionTypeNode(type)) return type.types.some(admitsNull);
    if (ts.isLiteralTypeNode(type)) return type.literal.kind === ts.SyntaxKind.NullKeyword;
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
      const name = type.typeName.text;
      if (WRAPPERS.has(name) && type.typeArguments?.[0]) return admitsNull(type.typeArguments[0]);
      const alias = aliases.get(name);
      return alias ? admitsNull(alias) : false;
    }
    return false;
  };
  const tables: Tables = new Map();
  for (const member of interfaces.get("Database")!.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = (member.name as ts.Identifier).text;
    const declaration = interfaces.get((member.type.typeName as ts.Identifier).text);
    if (!declaration) throw new Error(`schema.ts names ${table}'s interface but does not declare it`);
    const columns = new Map<string, Column>();
    for (const column of declaration.members) {
      if (ts.isPropertySignature(column) && column.type) columns.set((column.name as ts.Identifier).text, { nullable: admitsNull(column.type) });
    }
    tables.set(table, columns);
  }
  return tables;
}

async function databaseTables(): Promise<Tables> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: "YES" | "NO" }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_migration%'
    order by c.table_name, c.ordinal_position`.execute(db());
  const tables: Tables = new Map();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Map<string, Column>();
    columns.set(row.column_name, { nullable: row.is_nullable === "YES" });
    tables.set(row.table_name, columns);
  }
  return tables;
}

const describeTables = (tables: Tables) =>
  Object.fromEntries([...tables].sort(([a], [b]) => a.localeCompare(b)).map(([table, columns]) => [table, Object.fromEntries([...columns].sort(([a], [b]) => a.localeCompare(b)).map(([name, column]) => [name, column.nullable ? "null" : "not null"]))]));

describe("db/schema.ts", () => {
  it("names every table and column of the migrated database, and no other, each nullable exactly where the database allows null", async () => {
    const declared = declaredTables();
    const actual = await databaseTables();
    // The reading is real: products has its columns, one of them nullable.
    expect(actual.get("products")?.get("manufacturer_id")).toEqual({ nullable: true });
    expect(declared.get("products")?.get("manufacturer_id")).toEqual({ nullable: true });
    expect(describeTables(declared)).toEqual(describeTables(actual));
  });
});
