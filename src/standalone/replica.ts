/**
 * Where a read replica stands, for /health: how many seconds behind its primary it is, and whether
 * it replicates at all. MySQL 8.0.22+ and MariaDB 10.5.1+ answer `SHOW REPLICA STATUS` (columns
 * `Seconds_Behind_Source`, `Replica_IO_Running`, `Replica_SQL_Running` on MySQL; MariaDB keeps the
 * `…_Master`/`Slave_…` names), older servers only `SHOW SLAVE STATUS`, and MySQL 8.4 only the new
 * form: the new form is tried first, the old one when the server does not know it
 * (https://dev.mysql.com/doc/refman/8.4/en/show-replica-status.html,
 * https://mariadb.com/kb/en/show-replica-status/). No row: the database is no replica, and
 * /health says nothing of it. The account needs `REPLICATION CLIENT` (MySQL) or `SLAVE MONITOR` /
 * `REPLICA MONITOR` (MariaDB 10.5+) to ask; without it, one warning, and nothing is said either.
 */
import type { ReplicaHealth } from '../api/health';
import { DatabaseError, type Row } from '../db/database';

/** How long one answer is kept: a load balancer's health checks come often, and need not each ask. */
const KEPT_MS = 1000;

export interface ReplicaOptions {
  show(sql: string): Promise<Row[]>;
  /** replica_max_lag_s. */
  maxLagS: number;
  warn(message: string): void;
  now(): number;
}

/** The replica's standing from one row of SHOW REPLICA/SLAVE STATUS. */
export function replicaHealthOf(row: Row, maxLagS: number): ReplicaHealth {
  const column = (...names: string[]) => names.map((n) => row[n]).find((v) => v !== undefined);
  const lag = column('Seconds_Behind_Source', 'Seconds_Behind_Master');
  const running = (value: unknown) => String(value) === 'Yes';
  return {
    lag_s: lag === null || lag === undefined || lag === '' ? null : Number(lag),
    max_lag_s: maxLagS,
    replicating: running(column('Replica_IO_Running', 'Slave_IO_Running')) && running(column('Replica_SQL_Running', 'Slave_SQL_Running')),
  };
}

export function watchReplica(options: ReplicaOptions): () => Promise<ReplicaHealth | undefined> {
  let statement: string | null = 'SHOW REPLICA STATUS';
  let warned = false;
  let kept: { at: number; answer: Promise<ReplicaHealth | undefined> } | null = null;

  const ask = async (): Promise<ReplicaHealth | undefined> => {
    if (statement === null) return undefined;
    try {
      const [row] = await options.show(statement);
      return row ? replicaHealthOf(row, options.maxLagS) : undefined;
    } catch (error) {
      if (!(error instanceof DatabaseError) || error.kind !== 'failed') return undefined;
      if (statement === 'SHOW REPLICA STATUS' && /syntax/i.test(error.message)) {
        statement = 'SHOW SLAVE STATUS';
        return ask();
      }
      // Refused (no privilege): the database answers lookups all the same; said once.
      if (!warned) options.warn(`/health cannot tell a replica's lag: ${error.message}`);
      warned = true;
      return undefined;
    }
  };
  return () => {
    if (!kept || options.now() - kept.at >= KEPT_MS) kept = { at: options.now(), answer: ask() };
    return kept.answer;
  };
}
