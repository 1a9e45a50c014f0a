import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/runtime.js';

// Tests leave nothing behind in the temp directory.
afterAll(() => removeTempDirs());
