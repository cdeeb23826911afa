import { configure } from '@testing-library/react';

/**
 * testing-library's `waitFor` and `findBy…` wait 5 s, not 1 s, in every component test (vitest's
 * dom project loads this file first). On CI's two busy cores a screen's first render, a chunk
 * loaded on demand (the command palette's box) or a round trip through the fake fetch took
 * longer than a second, and tests failed that were right. A passing wait returns as soon as its
 * condition holds, so this costs a green run nothing.
 */
configure({ asyncUtilTimeout: 5_000 });
