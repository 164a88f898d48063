/** The --file modules of `lbcheck explore`, bundled by web/vite.config.ts. */
declare module 'lbcheck:user-files' {
  export const userFiles: { path: string; module: Record<string, unknown> }[];
}
