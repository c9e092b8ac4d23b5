/**
 * A tagged template that keeps SQL text and values apart, so every value travels as a
 * parameter. Fragments nest: `sql\`where ${sql\`a = ${1}\`}\`` becomes `where a = $1`.
 *
 * @example
 * const rows = await db.query<{ id: number }>(sql`select id from users where email = ${email}`);
 */
export class Sql {
  constructor(readonly strings: readonly string[], readonly values: readonly unknown[]) {}

  /** Flattens nested fragments into numbered placeholders. */
  toQuery(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.#render(values);
    return { text, values };
  }

  #render(values: unknown[]): string {
    let text = this.strings[0] ?? "";
    this.values.forEach((value, i) => {
      if (value instanceof Sql) {
        text += value.#render(values);
      } else {
        values.push(value);
        text += `$${values.length}`;
      }
      text += this.strings[i + 1] ?? "";
    });
    return text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

/** Joins fragments with a separator (itself plain SQL), e.g. for dynamic where clauses. */
sql.join = function join(parts: readonly Sql[], separator = ", "): Sql {
  if (parts.length === 0) return new Sql([""], []);
  const strings = ["", ...parts.slice(1).map(() => separator), ""];
  return new Sql(strings, parts);
};

/** A quoted identifier (table or column name) for the rare query that builds one. */
sql.ident = function ident(name: string): Sql {
  return new Sql([`"${name.replaceAll('"', '""')}"`], []);
};

/** Trusted SQL text taken as it is: never pass user input here. */
sql.raw = function raw(text: string): Sql {
  return new Sql([text], []);
};

/** An empty fragment, handy in conditional parts of a query. */
sql.empty = new Sql([""], []);
