import { createContext, useContext } from "react";
import type { ResponsiveImage } from "../../src/routes/page-props.ts";

/**
 * The responsive renditions the build made of raster images, by public path. The document
 * provides them (from its `assets` prop), so any section can show a picture without every
 * page passing them down.
 */
export const ImagesContext = createContext<Readonly<Record<string, ResponsiveImage>>>({});

export interface PictureProps {
  src: string;
  alt: string;
  /** The size the template lays the image out at; a raster image's own size replaces it. */
  width: number;
  height: number;
  /** How wide the image is shown, for choosing from srcset, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes?: string;
  /** The page's largest image above the fold: fetched first. Anything else loads lazily. */
  priority?: boolean;
  /** Above the fold but not the largest: neither lazy nor first. */
  eager?: boolean;
  className?: string;
}

/**
 * An image: a raster one as AVIF and WebP sources with its own format as the fallback, each in
 * several widths; an SVG as it is (a vector is sharp at every size and already small).
 */
export function Picture(props: PictureProps) {
  const image = useContext(ImagesContext)[props.src];
  const loading = props.priority || props.eager ? undefined : "lazy";
  const fetchPriority = props.priority ? "high" : undefined;
  if (!image) {
    return (
      <img className={props.className} src={props.src} alt={props.alt} width={props.width} height={props.height}
        loading={loading} fetchPriority={fetchPriority} />
    );
  }
  const sizes = props.sizes ?? "100vw";
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img className={props.className} src={image.fallback.src} srcSet={image.fallback.srcset} sizes={sizes} alt={props.alt}
        width={image.width} height={image.height} loading={loading} fetchPriority={fetchPriority} />
    </picture>
  );
}
