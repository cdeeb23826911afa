/** Limits the server enforces on free text, so no field can grow without bound. */
export const LIMITS = {
  name: 100,
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  title: 200,
  description: 2_000,
  content: 50_000,
} as const;
