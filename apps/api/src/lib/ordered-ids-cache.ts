/**
 * The first matches of a back-office list query, as ids in list order, with the total that matched, the rows
 * of the pages already answered, and the list's generation they were read at (migration 0050,
 * docs/decisions/025-scale-read-paths.md). An entry answers only while the generation has not moved, which
 * the caller reads on every request: a kept entry is never staler than the database.
 */
export interface OrderedIds<Row> {
  generation: number;
  total: number;
  /** The ids of the first matches in list order: every match when `ids.length === total`. */
  ids: string[];
  /** Rows of the pages answered so far, by id. */
  rows: Map<string, Row>;
  /** The answers of the pages answered so far, serialised, by `page/pageSize`. */
  bodies: Map<string, string>;
}

/** Least recently used entries go first; each entry holds at most `maxIds` ids. */
export class OrderedIdsCache<Row> {
  private readonly entries = new Map<string, OrderedIds<Row>>();

  constructor(
    readonly maxEntries = 64,
    readonly maxIds = 1000,
  ) {}

  get(key: string): OrderedIds<Row> | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: OrderedIds<Row>): void {
    this.entries.delete(key);
    this.entries.set(key, { ...entry, ids: entry.ids.slice(0, this.maxIds) });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * The ids of one page when the entry covers it: every id of the page is kept, or the page lies past the
   * end of a complete entry. `undefined` when the entry does not reach that far.
   */
  static page(entry: OrderedIds<unknown>, offset: number, limit: number): string[] | undefined {
    const complete = entry.ids.length >= entry.total;
    if (!complete && offset + limit > entry.ids.length) return undefined;
    return entry.ids.slice(offset, offset + limit);
  }
}
