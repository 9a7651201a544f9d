import path from 'node:path';
import { createSecretBox, loadSecretKey, type SecretBox } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

// One key per data directory, read (or generated) once.
const boxes = new Map<string, SecretBox>();

/** The installation's SecretBox (SECRET_KEY or DATA_DIR/secret.key), made once per data directory. */
export function secretBox(deps: Pick<AppDeps, 'config'>): SecretBox {
  const dir = path.resolve(deps.config.dataDir);
  const id = `${dir}\0${deps.config.secretKey ?? ''}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(loadSecretKey(dir, deps.config.secretKey));
    boxes.set(id, box);
  }
  return box;
}
