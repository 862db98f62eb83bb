import crypto from 'node:crypto';
import pg from 'pg';

// Repeated queries as named prepared statements on each pooled connection
// (docs/architecture.md#named-statements): PostgreSQL then parses a query once per connection
// and, after five runs, may keep a generic plan instead of planning it on every call. Only
// parameterised statements are named (simple-protocol text, such as migrations, stays as it is).

/** Distinct statements named at most: each holds a little memory on every pooled connection. */
const NAMED_STATEMENTS_MAX = 400;
/** Longer statements are not named (a bulk insert's text grows with its rows). */
const NAMED_TEXT_MAX = 8_192;
/** Statements with more parameters are not named (lists of ids, inserts of many rows). */
const NAMED_PARAMS_MAX = 64;
/** Runs of a text before it is named: a statement run once gains nothing from a name. */
const RUNS_BEFORE_NAMING = 2;
/** Texts counted at most, so one-off statements cannot grow the counts without bound. */
const COUNTED_MAX = 4_096;
/**
 * Never named: a generic plan knows neither a pattern's selectivity nor a page's offset given as
 * a parameter, and PostgreSQL may keep one for a list or a search that its first runs made look
 * cheap. An offset written in the text is known to every plan.
 */
const PLAN_SENSITIVE = /\b(i?like|similar\s+to)\b|\boffset\s+\$/i;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

export type StatementNamer = {
  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined;
  /** How many distinct statements have a name. */
  readonly namedCount: number;
};

export function createStatementNamer(max = NAMED_STATEMENTS_MAX): StatementNamer {
  const named = new Map<string, string>();
  const runs = new Map<string, number>();
  return {
    nameFor(text) {
      const known = named.get(text);
      if (known !== undefined) return known;
      if (named.size >= max || text.length > NAMED_TEXT_MAX || PLAN_SENSITIVE.test(text))
        return undefined;
      const seen = (runs.get(text) ?? 0) + 1;
      if (seen < RUNS_BEFORE_NAMING) {
        // Full of one-off texts: start counting afresh, so repeated ones can still be named.
        if (runs.size >= COUNTED_MAX) runs.clear();
        runs.set(text, seen);
        return undefined;
      }
      runs.delete(text);
      // From the text alone, so every connection and node gives a statement the same name.
      const name = `tkc_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      named.set(text, name);
      return name;
    },
    get namedCount() {
      return named.size;
    },
  };
}

const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } })
  .utils;

/**
 * Whether pg can turn every value into a parameter. When it cannot (a BigInt in a JSON value,
 * say) it closes a named statement on the server but still counts it as prepared, and every
 * later run of that text on the connection would fail: such a query runs unnamed instead.
 */
function valuesConvert(values: unknown[]): boolean {
  try {
    for (const value of values) prepareValue(value);
    return true;
  } catch {
    return false;
  }
}

/** A pg.Client class whose parameterised queries run as named statements chosen by `namer`. */
export function namedStatementClient(namer: StatementNamer): typeof pg.Client {
  class NamedStatementClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg.Client's query is overloaded on any
    override query(config: any, values?: any, callback?: any): any {
      if (config !== null && typeof config === 'object' && typeof config.submit !== 'function') {
        const c = config as QueryConfig;
        const params = Array.isArray(values) ? values : c.values;
        if (
          typeof c.text === 'string' &&
          c.name === undefined &&
          Array.isArray(params) &&
          params.length > 0 &&
          params.length <= NAMED_PARAMS_MAX
        ) {
          const name = namer.nameFor(c.text);
          if (name !== undefined && valuesConvert(params))
            return super.query({ ...config, name }, values, callback);
        }
      }
      return super.query(config, values, callback);
    }
  }
  return NamedStatementClient;
}
