import assert from "node:assert/strict";
import { sql } from "./sql.ts";

Deno.test("sql - values become numbered parameters", () => {
  const query = sql`select * from t where a = ${1} and b = ${"x"}`.toQuery();
  assert.equal(query.text, "select * from t where a = $1 and b = $2");
  assert.deepEqual(query.values, [1, "x"]);
});

Deno.test("sql - nested fragments are inlined and renumbered", () => {
  const where = sql`b = ${2}`;
  const query = sql`select ${0} from t where a = ${1} and ${where} limit ${3}`.toQuery();
  assert.equal(query.text, "select $1 from t where a = $2 and b = $3 limit $4");
  assert.deepEqual(query.values, [0, 1, 2, 3]);
});

Deno.test("sql - join, ident and empty", () => {
  const parts = [sql`a = ${1}`, sql`b = ${2}`, sql`c is null`];
  const query = sql`where ${sql.join(parts, " and ")}${sql.empty}`.toQuery();
  assert.equal(query.text, "where a = $1 and b = $2 and c is null");
  assert.deepEqual(query.values, [1, 2]);
  assert.equal(sql`select ${sql.ident('we"ird')}`.toQuery().text, 'select "we""ird"');
  assert.equal(sql.join([]).toQuery().text, "");
});

Deno.test("sql - a value that looks like SQL stays a parameter", () => {
  const query = sql`select ${"'; drop table users; --"}`.toQuery();
  assert.equal(query.text, "select $1");
});
