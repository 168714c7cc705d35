// Where `npm start` keeps its continuous backup: CHORUS_REPLICA_DIR, or `<data folder>_replica` beside the data
// (pb_data_replica/ by default); CHORUS_REPLICA_DIR=off keeps none.
import { resolve } from 'node:path';

/** @returns {string | undefined} the replica folder, or undefined when backups are off */
export function replicaDirFromEnv(dataDir, env = process.env) {
  const chosen = env.CHORUS_REPLICA_DIR?.trim();
  if (chosen === 'off') return undefined;
  return chosen ? resolve(chosen) : `${resolve(dataDir)}_replica`;
}
