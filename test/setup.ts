import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/temp-dirs.js';

// Tests leave nothing behind in the temp directory.
afterAll(() => removeTempDirs());
