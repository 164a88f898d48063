/** `lbcheck productform <family>`: blocking from the closed-network product form, exact or log-scaled float. */
import { Command } from 'commander';
export function productFormCommand(setExit: (code: number) => void): Command {
  void setExit;
  return new Command('productform').description('blocking from the product form (convolution)');
}
