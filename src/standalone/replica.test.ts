import { DatabaseError, type Row } from '../db/database';
import { replicaHealthOf, watchReplica } from './replica';

describe('replicaHealthOf', () => {
  test('MariaDB and older MySQL names', () => {
    expect(replicaHealthOf({ Seconds_Behind_Master: 4, Slave_IO_Running: 'Yes', Slave_SQL_Running: 'Yes' }, 30)).toEqual({
      lag_s: 4,
      max_lag_s: 30,
      replicating: true,
    });
  });
  test('MySQL 8.0.22+ names; a stopped thread and a NULL lag', () => {
    expect(replicaHealthOf({ Seconds_Behind_Source: null, Replica_IO_Running: 'Yes', Replica_SQL_Running: 'No' }, 5)).toEqual({
      lag_s: null,
      max_lag_s: 5,
      replicating: false,
    });
  });
});

describe('watchReplica', () => {
  const clock = { t: 0 };
  const options = (show: (sql: string) => Promise<Row[]>, warn = jest.fn()) => ({ show, maxLagS: 10, warn, now: () => clock.t });

  test('falls back to SHOW SLAVE STATUS where SHOW REPLICA STATUS is a syntax error, and keeps to it', async () => {
    const asked: string[] = [];
    const show = async (sql: string) => {
      asked.push(sql);
      if (sql === 'SHOW REPLICA STATUS') throw new DatabaseError('failed', 'You have an error in your SQL syntax');
      return [{ Seconds_Behind_Master: 2, Slave_IO_Running: 'Yes', Slave_SQL_Running: 'Yes' }];
    };
    const watch = watchReplica(options(show));
    expect(await watch()).toEqual({ lag_s: 2, max_lag_s: 10, replicating: true });
    clock.t += 5000;
    await watch();
    expect(asked).toEqual(['SHOW REPLICA STATUS', 'SHOW SLAVE STATUS', 'SHOW SLAVE STATUS']);
  });

  test('no row: no replica, nothing said; answers are kept a second', async () => {
    const show = jest.fn(async () => [] as Row[]);
    const watch = watchReplica(options(show));
    expect(await watch()).toBeUndefined();
    expect(await watch()).toBeUndefined();
    expect(show).toHaveBeenCalledTimes(1);
  });

  test('refused for want of a privilege: one warning, nothing said', async () => {
    const warn = jest.fn();
    const watch = watchReplica(
      options(async () => Promise.reject(new DatabaseError('failed', 'Access denied; you need the SLAVE MONITOR privilege')), warn),
    );
    expect(await watch()).toBeUndefined();
    clock.t += 5000;
    expect(await watch()).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
