export default async function globalTeardown(): Promise<void> {
  // Each integration project runs this; the first one stops the shared server.
  const server = globalThis.__citizenRecordsMariadb;
  globalThis.__citizenRecordsMariadb = undefined;
  await server?.stop();
}
