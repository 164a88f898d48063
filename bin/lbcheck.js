#!/usr/bin/env node
// Runs the TypeScript CLI in-process through tsx's loader (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
