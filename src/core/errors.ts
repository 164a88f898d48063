/** An error in what the user asked for: reported as one line on stderr with exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
