/** One photo as the gallery and its lightbox draw it (the presenter makes it from a stored photo). */
export interface GalleryImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  thumb: string;
}
