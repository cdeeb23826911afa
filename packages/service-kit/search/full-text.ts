import type { Knex } from 'knex';
import { isMysql } from '../db/database.ts';
import { textMatchesAll } from './search-text.ts';

/**
 * A full-text index over some text columns of a service's own table: an FTS5 table kept in
 * step by triggers on SQLite, an InnoDB FULLTEXT index on MySQL/MariaDB. The table must have
 * an integer `seq` primary key (the FTS5 rowid) and a `user_id` column: every search is
 * within one user's rows.
 */
export type FullTextIndex = {
  table: string;
  /** The FTS5 table (SQLite) or the FULLTEXT index (MySQL). */
  name: string;
  /** The indexed columns with their MySQL type (re-declared with an accent-insensitive collation) and their bm25 weight. */
  columns: { name: string; mysqlType: string; weight: number }[];
};

/** InnoDB indexes no word shorter than this (`innodb_ft_min_token_size`, default 3)... */
const INNODB_MIN_WORD = 3;
/** ...nor longer than this (`innodb_ft_max_token_size`)... */
const INNODB_MAX_WORD = 84;
/** ...nor these (INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD, the same on MariaDB and MySQL). */
const INNODB_STOPWORDS = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(
    ' ',
  ),
);
/**
 * Words the FULLTEXT index cannot answer are checked with LIKE on the rows that match the rest,
 * then word by word in TypeScript; at most this many such rows are looked at.
 */
const LIKE_CANDIDATES = 1_000;

/** Creates the index and fills it from the rows already there. */
export async function createFullTextIndex(db: Knex, index: FullTextIndex): Promise<void> {
  const { table, name } = index;
  const names = index.columns.map((c) => c.name);
  if (isMysql(db)) {
    // The FULLTEXT index compares words with the columns' collation: unicode_ci folds case and
    // accents ("cafe" finds "Café"), whatever the database's default collation is.
    const modify = index.columns
      .map(
        (c) =>
          `MODIFY \`${c.name}\` ${c.mysqlType} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL`,
      )
      .join(', ');
    await db.raw(`ALTER TABLE \`${table}\` ${modify}`);
    await db.raw(
      `ALTER TABLE \`${table}\` ADD FULLTEXT INDEX \`${name}\` (${names.map((n) => `\`${n}\``).join(', ')})`,
    );
    return;
  }
  const list = names.join(', ');
  const newValues = names.map((n) => `new.${n}`).join(', ');
  const oldValues = names.map((n) => `old.${n}`).join(', ');
  const statements = [
    `CREATE VIRTUAL TABLE ${name} USING fts5(${list}, content='${table}', content_rowid='seq', tokenize='unicode61 remove_diacritics 2')`,
    // External content: the index stores no copy of the text, so a deletion must hand it the
    // old values. Triggers keep it in step whatever code path writes the table.
    `CREATE TRIGGER ${name}_after_insert AFTER INSERT ON ${table} BEGIN
       INSERT INTO ${name}(rowid, ${list}) VALUES (new.seq, ${newValues}); END`,
    `CREATE TRIGGER ${name}_after_delete AFTER DELETE ON ${table} BEGIN
       INSERT INTO ${name}(${name}, rowid, ${list}) VALUES ('delete', old.seq, ${oldValues}); END`,
    `CREATE TRIGGER ${name}_after_update AFTER UPDATE OF ${list} ON ${table} BEGIN
       INSERT INTO ${name}(${name}, rowid, ${list}) VALUES ('delete', old.seq, ${oldValues});
       INSERT INTO ${name}(rowid, ${list}) VALUES (new.seq, ${newValues}); END`,
    `INSERT INTO ${name}(${name}) VALUES ('rebuild')`,
  ];
  for (const sql of statements) await db.raw(sql);
}

export async function dropFullTextIndex(db: Knex, index: FullTextIndex): Promise<void> {
  if (isMysql(db)) {
    await db.raw(`ALTER TABLE \`${index.table}\` DROP INDEX \`${index.name}\``);
    return;
  }
  for (const suffix of ['after_insert', 'after_delete', 'after_update'])
    await db.raw(`DROP TRIGGER IF EXISTS ${index.name}_${suffix}`);
  await db.raw(`DROP TABLE IF EXISTS ${index.name}`);
}

export type FullTextSearch = {
  userId: string;
  /** Folded query words (`searchWords`); all must match, the last as a prefix. At least one. */
  words: string[];
  /**
   * False when the last word is whole too (the words of a quoted phrase): asking the index for
   * a prefix of a common word ("and*") reads every word it begins, for nothing.
   */
  lastIsPrefix?: boolean;
  limit: number;
  offset: number;
  /** How rows equally relevant are ordered (newest first), on columns of `t`, the table. */
  newest: { column: string; order: 'asc' | 'desc' }[];
  /** More conditions a row must meet, on columns of `t` (a service's search operators). */
  where?: (query: Knex.QueryBuilder) => void;
};

/** One page of the user's matching rows, by relevance then `newest`, as `seq` keys, and how many match in all. */
export type FullTextPage = { seqs: number[]; total: number };

export function searchFullText(
  db: Knex,
  index: FullTextIndex,
  search: FullTextSearch,
): Promise<FullTextPage> {
  return isMysql(db) ? searchMysql(db, index, search) : searchSqlite(db, index, search);
}

/** Every word as an FTS5 string, so `AND`, `NEAR`, `*`, `-` or `"` typed by someone are just text. */
function fts5Expression(words: string[], lastIsPrefix: boolean): string {
  return words
    .map(
      (w, i) => `"${w.replaceAll('"', '""')}"${lastIsPrefix && i === words.length - 1 ? '*' : ''}`,
    )
    .join(' ');
}

async function searchSqlite(
  db: Knex,
  index: FullTextIndex,
  search: FullTextSearch,
): Promise<FullTextPage> {
  const { name, table } = index;
  const weights = index.columns.map((c) => c.weight).join(', ');
  const matching = () =>
    db(name)
      .join(`${table} as t`, 't.seq', `${name}.rowid`)
      .whereRaw(`${name} MATCH ?`, [fts5Expression(search.words, search.lastIsPrefix !== false)])
      .andWhere('t.user_id', search.userId)
      .modify((query) => search.where?.(query));
  // bm25 is smaller for a better match; a title word weighs more than a word in the text. It
  // may not sit beside a window function, hence the inner query.
  const scored = matching()
    .select(
      't.seq',
      db.raw(`bm25(${name}, ${weights}) as score`),
      ...search.newest.filter((n) => n.column !== 'seq').map((n) => `t.${n.column}`),
    )
    .as('m');
  const rows: { seq: number; total: number }[] = await db
    .select('m.seq', db.raw('count(*) over () as total'))
    .from(scored)
    .orderBy([
      { column: 'm.score', order: 'asc' },
      ...search.newest.map((n) => ({ column: `m.${n.column}`, order: n.order })),
    ])
    .limit(search.limit)
    .offset(search.offset);
  return page(rows, () => matching().count({ n: '*' }).first());
}

async function searchMysql(
  db: Knex,
  index: FullTextIndex,
  search: FullTextSearch,
): Promise<FullTextPage> {
  const columns = index.columns.map((c) => `t.\`${c.name}\``).join(', ');
  const last = search.words.length - 1;
  const indexed: string[] = [];
  const checked: string[] = [];
  search.words.forEach((word, i) => {
    const prefix = i === last && search.lastIsPrefix !== false;
    // InnoDB never indexed short words and stopwords, so neither they nor a prefix that could
    // end as one ("wit" for "with") can be asked of the index.
    const indexable =
      word.length >= INNODB_MIN_WORD &&
      word.length <= INNODB_MAX_WORD &&
      !INNODB_STOPWORDS.has(word) &&
      !(prefix && [...INNODB_STOPWORDS].some((stopword) => stopword.startsWith(word)));
    if (indexable) indexed.push(`+${word}${prefix ? '*' : ''}`);
    else checked.push(word);
  });
  const against = indexed.join(' ');
  const matching = () => {
    const query = db(`${index.table} as t`).where('t.user_id', search.userId);
    search.where?.(query);
    if (against) query.whereRaw(`MATCH(${columns}) AGAINST (? IN BOOLEAN MODE)`, [against]);
    for (const word of checked) {
      // Folded words are letters and digits only, so nothing in them is a LIKE wildcard.
      query.andWhere((or) => {
        for (const c of index.columns) or.orWhere(`t.${c.name}`, 'like', `%${word}%`);
      });
    }
    return query;
  };
  const ordered = (query: Knex.QueryBuilder) => {
    if (against) query.orderByRaw(`MATCH(${columns}) AGAINST (? IN BOOLEAN MODE) DESC`, [against]);
    return query.orderBy(search.newest.map((n) => ({ column: `t.${n.column}`, order: n.order })));
  };
  if (checked.length === 0) {
    const rows: { seq: number; total: number }[] = await ordered(
      matching().select('t.seq', db.raw('count(*) over () as total')),
    )
      .limit(search.limit)
      .offset(search.offset);
    return page(rows, () => matching().count({ n: '*' }).first());
  }
  // LIKE finds "to" inside "tomato" too: keep the rows where each word is a word of the text.
  const candidates: Record<string, string | number>[] = await ordered(
    matching().select(['t.seq', ...index.columns.map((c) => `t.${c.name}`)]),
  ).limit(LIKE_CANDIDATES);
  const found = candidates.filter((row) =>
    textMatchesAll(index.columns.map((c) => String(row[c.name])).join('\n'), search.words),
  );
  return {
    seqs: found.slice(search.offset, search.offset + search.limit).map((row) => Number(row.seq)),
    total: found.length,
  };
}

async function page(
  rows: { seq: number; total: number | string }[],
  count: () => PromiseLike<{ n?: number | string } | undefined>,
): Promise<FullTextPage> {
  // Past the last page there is no row to carry the total: count on its own.
  const total = rows.length ? Number(rows[0]!.total) : Number((await count())?.n ?? 0);
  return { seqs: rows.map((row) => Number(row.seq)), total };
}
