/** A `journals` row as the repositories read it (the journal list adds its entry count). */
export type JournalRow = {
  id: string;
  title: string;
  description: string;
  created_at: string;
  template: string | null;
};
