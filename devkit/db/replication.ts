/**
 * A primary and a read replica, two throwaway mariadbd with MariaDB's own replication: the primary
 * writes a binary log (server id 1), the replica (server id 2, read-only) follows it by GTID from
 * the primary's first event (`CHANGE MASTER TO … MASTER_USE_GTID=slave_pos`, `START SLAVE`;
 * https://mariadb.com/kb/en/change-master-to/, https://mariadb.com/kb/en/gtid/). `caughtUp` waits
 * until the replica has applied everything the primary logged so far (`MASTER_GTID_WAIT`), so a
 * suite awaits replication instead of sleeping.
 */
import mysql from 'mysql2/promise';
import { startThrowawayServer, type ThrowawayServer } from './mariadb-server';

export interface ReplicatedPair {
  primary: ThrowawayServer;
  replica: ThrowawayServer;
  /** Root on the replica, for its replication commands. */
  replicaAdmin: mysql.Connection;
  /** Resolves once the replica has applied every event the primary has logged now. */
  caughtUp(timeoutS?: number): Promise<void>;
  /** STOP SLAVE: the replica answers what it holds and falls behind. */
  stopReplication(): Promise<void>;
  /** The replica applies each event `seconds` after the primary wrote it (MASTER_DELAY), and replicates. */
  startReplication(delaySeconds?: number): Promise<void>;
  stop(): Promise<void>;
}

const REPLICATION_USER = 'replicator';
const REPLICATION_PASSWORD = 'replication-only-here';

export async function startReplicatedPair(): Promise<ReplicatedPair> {
  // One after the other: a free port is found by closing a listener, and two at once could be handed the same one.
  const primary = await startThrowawayServer({ serverArgs: ['--server-id=1', '--log-bin=primary-bin', '--binlog-format=ROW'] });
  let replica: ThrowawayServer;
  try {
    replica = await startThrowawayServer({ serverArgs: ['--server-id=2', '--read-only=1', '--relay-log=replica-relay'] });
  } catch (error) {
    await primary.stop();
    throw error;
  }
  const primaryAdmin = await mysql.createConnection(primary.url);
  const replicaAdmin = await mysql.createConnection(replica.url);
  const port = new URL(primary.url).port;
  const startReplication = async (delaySeconds = 0) => {
    await replicaAdmin.query(
      `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${Number(port)}, MASTER_USER='${REPLICATION_USER}', ` +
        `MASTER_PASSWORD='${REPLICATION_PASSWORD}', MASTER_USE_GTID=slave_pos, MASTER_DELAY=${Math.trunc(delaySeconds)}`,
    );
    await replicaAdmin.query('START SLAVE');
  };
  try {
    await primaryAdmin.query(`CREATE USER '${REPLICATION_USER}'@'127.0.0.1' IDENTIFIED BY '${REPLICATION_PASSWORD}'`);
    await primaryAdmin.query(`GRANT REPLICATION SLAVE ON *.* TO '${REPLICATION_USER}'@'127.0.0.1'`);
    await startReplication();
  } catch (error) {
    await Promise.all([primaryAdmin.end(), replicaAdmin.end()]);
    await Promise.all([primary.stop(), replica.stop()]);
    throw error;
  }
  return {
    primary,
    replica,
    replicaAdmin,
    async caughtUp(timeoutS = 20) {
      const [[{ position }]] = (await primaryAdmin.query('SELECT @@GLOBAL.gtid_binlog_pos AS position')) as unknown as [
        [{ position: string }],
      ];
      const [[{ waited }]] = (await replicaAdmin.query('SELECT MASTER_GTID_WAIT(?, ?) AS waited', [position, timeoutS])) as unknown as [
        [{ waited: number }],
      ];
      if (Number(waited) !== 0) throw new Error(`the replica did not reach ${position} in ${timeoutS} s`);
    },
    stopReplication: async () => {
      await replicaAdmin.query('STOP SLAVE');
    },
    async startReplication(delaySeconds = 0) {
      await replicaAdmin.query('STOP SLAVE');
      await startReplication(delaySeconds);
    },
    async stop() {
      await Promise.all([primaryAdmin.end(), replicaAdmin.end()]);
      await Promise.all([primary.stop(), replica.stop()]);
    },
  };
}
