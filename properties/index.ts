/** Every built-in claim; adding a claim is adding a file and a line here. */
import type { Property } from '../src/check/property.ts';
import { littleLawBlocking } from './little-law-blocking.ts';

export const properties: readonly Property[] = [littleLawBlocking];
