// rspack turns CSS imports into stylesheets; to TypeScript they are side effects only.
declare module '*.css';
