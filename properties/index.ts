/** Every built-in claim; adding a claim is adding a file and a line here. */
import type { Property } from '../src/check/property.ts';
import { littleLawBlocking } from './little-law-blocking.ts';
import { productFormCertificate } from './product-form-certificate.ts';
import { productFormExact } from './product-form-exact.ts';
import { productFormExchange } from './product-form-exchange.ts';
import { productFormFloat } from './product-form-float.ts';
import { theorem1Limit } from './theorem1-limit.ts';

export const properties: readonly Property[] = [
  productFormExact,
  productFormFloat,
  littleLawBlocking,
  productFormCertificate,
  productFormExchange,
  theorem1Limit,
];
