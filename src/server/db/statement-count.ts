/**
 * Counts the SQL statements the shop sends, on both engines (ADR 022). The count is
 * taken in the Kysely driver, so it sees every statement that reaches the database
 * through Kysely: queries, raw `sql`, and the BEGIN, COMMIT, ROLLBACK and savepoint
 * commands of transactions. Migration scripts (execScript) bypass it.
 *
 * Two readings: each database's running total (`StatementTally.total`), and the
 * statements sent while a function runs (`countStatements`), carried by
 * AsyncLocalStorage so concurrent requests keep separate counts. Both are a counter
 * increment per statement, so the count is always on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** Statements counted in one scope (a request, a test's block). */
export interface StatementScope {
  count: number;
}

const scopes = new AsyncLocalStorage<StatementScope>();

/** A database's running total of statements sent. */
export class StatementTally {
  total = 0;

  record(): void {
    this.total += 1;
    const scope = scopes.getStore();
    if (scope) scope.count += 1;
  }
}

/**
 * Runs `work` with `scope` counting the statements it (and anything it awaits or
 * starts) sends, on any database.
 */
export function withStatementScope<T>(scope: StatementScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** Runs `work` and answers its result and the statements it sent. */
export async function countStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const scope: StatementScope = { count: 0 };
  const result = await withStatementScope(scope, work);
  return { result, statements: scope.count };
}

class CountingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly tally: StatementTally,
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.tally.record();
    return this.inner.executeQuery<R>(compiled);
  }

  streamQuery<R>(
    compiled: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    this.tally.record();
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

/**
 * Wraps a driver. Transaction commands are counted here, one statement each, rather
 * than relying on how the wrapped driver sends them.
 */
class CountingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly tally: StatementTally,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new CountingConnection(await this.inner.acquireConnection(), this.tally);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    this.tally.record();
    return this.inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.tally.record();
    return this.inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.tally.record();
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('The database driver has no savepoints');
    this.tally.record();
    await this.inner.savepoint(unwrap(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('The database driver has no savepoints');
    this.tally.record();
    await this.inner.rollbackToSavepoint(unwrap(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('The database driver has no savepoints');
    this.tally.record();
    await this.inner.releaseSavepoint(unwrap(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof CountingConnection ? connection.inner : connection;
}

/** `dialect` with every statement its driver sends counted in `tally`. */
export function countingDialect(dialect: Dialect, tally: StatementTally): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new CountingDriver(dialect.createDriver(), tally),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
  };
}
