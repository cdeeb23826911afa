/** A photo of the entry as the gallery and the lightbox show it: its id and its caption. */
export type Photo = { id: string; caption: string };

/** The lightbox's state: the photos it steps through, which one is shown, and what opened it. */
export type Viewing = { photos: Photo[]; index: number; opener: HTMLElement };
