import { z } from 'zod';

/** The one error body every service and the gateway answer with. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;
