/** The local-storage key holding the session token (spec §4, §9). */
export const TOKEN_KEY = 'token';
