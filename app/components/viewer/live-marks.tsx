// What is drawn over the photo, inside the box the image fills, so every mark is
// placed by image fractions (percentages of that box) and lands on the same spot
// of the photo whatever this viewer's zoom, pan, window size or pixel ratio:
// other members' pointers and crops (named, in their colour), this member's
// own crop while drawing it, and a highlighted rectangle (a comment's crop).
import { useId, useLayoutEffect, useRef, useState } from "react";
import type { FractionRect } from "~/lib/viewer-geometry";
import type { LiveCrop, LivePointer } from "~/realtime/browser/use-live-layer";
import "./live-marks.css";

const percent = (fraction: number) => `${fraction * 100}%`;

function rectStyle(rect: FractionRect, colour?: string): React.CSSProperties {
  return {
    left: percent(rect.x),
    top: percent(rect.y),
    width: percent(rect.width),
    height: percent(rect.height),
    ...(colour ? { borderColor: colour, ["--mark-colour" as string]: colour } : {}),
  };
}

/**
 * What is outside the crops, dimmed: a crop's 2 px line alone
 * disappears on a busy street photo. One shade for all of them, with a hole for
 * each, so one member's crop never darkens another's; the lines stay on top.
 */
export function CropShade({ rects }: { rects: FractionRect[] }) {
  const mask = `crop-shade-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  if (rects.length === 0) return null;
  return (
    <svg className="viewer-crop-shade" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
      <defs>
        <mask id={mask}>
          <rect width="100" height="100" fill="white" />
          {rects.map((rect, index) => (
            <rect
              key={index}
              x={rect.x * 100}
              y={rect.y * 100}
              width={rect.width * 100}
              height={rect.height * 100}
              fill="black"
            />
          ))}
        </mask>
      </defs>
      <rect width="100" height="100" className="viewer-crop-shade-fill" mask={`url(#${mask})`} />
    </svg>
  );
}

export function RemotePointers({ pointers }: { pointers: LivePointer[] }) {
  return pointers.map((pointer) => (
    <div
      key={pointer.user.id}
      className="viewer-pointer"
      role="img"
      aria-label={`${pointer.user.firstName}'s pointer`}
      data-member={pointer.user.id}
      style={{ left: percent(pointer.dx), top: percent(pointer.dy), ["--mark-colour" as string]: pointer.colour }}
    >
      <span className="viewer-pointer-dot" />
      <span className="viewer-mark-name">{pointer.user.firstName}</span>
    </div>
  ));
}

export function RemoteCrops({ crops }: { crops: LiveCrop[] }) {
  return crops.map((crop) => (
    <div
      key={crop.user.id}
      className={`viewer-crop remote${crop.done ? " done" : ""}`}
      role="img"
      aria-label={`${crop.user.firstName}'s crop`}
      data-member={crop.user.id}
      style={rectStyle(crop, crop.colour)}
    >
      <span className="viewer-mark-name">{crop.user.firstName}</span>
    </div>
  ));
}

/** Where the crop's actions go: under it when they fit on screen, else above it, else inside its bottom. */
type ActionsPlace = { vertical: "below" | "above" | "inside"; horizontal: "start" | "end" };
const GAP_PX = 6;

function actionsPlace(crop: DOMRect, width: number, height: number): ActionsPlace {
  const vertical =
    crop.bottom + GAP_PX + height <= window.innerHeight
      ? "below"
      : crop.top - GAP_PX - height >= 0
        ? "above"
        : "inside";
  const horizontal = crop.left + width <= window.innerWidth || crop.right - width < 0 ? "start" : "end";
  return { vertical, horizontal };
}

/**
 * The actions beside the ended crop, kept on screen: a crop near the bottom or
 * right edge would otherwise push the comment form (and its Save) off it.
 * Measured after each render (zoom and pan move the crop) and whenever the
 * actions change size (the form opens).
 */
function CropActions({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<ActionsPlace>({ vertical: "below", horizontal: "start" });
  useLayoutEffect(() => {
    const element = ref.current;
    const crop = element?.parentElement;
    if (!element || !crop) return;
    const measure = () => {
      const next = actionsPlace(crop.getBoundingClientRect(), element.offsetWidth, element.offsetHeight);
      setPlace((now) => (now.vertical === next.vertical && now.horizontal === next.horizontal ? now : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  });
  return (
    <div ref={ref} className={`viewer-crop-actions ${place.vertical} ${place.horizontal}`}>
      {children}
    </div>
  );
}

/** This member's crop: sized by the pointer until the second click, then kept with its actions beside it. */
export function OwnCrop({
  rect,
  done,
  colour,
  actions,
}: {
  rect: FractionRect;
  done: boolean;
  colour: string;
  actions: React.ReactNode;
}) {
  return (
    <div
      className={`viewer-crop own${done ? " done" : ""}`}
      role="img"
      aria-label={done ? "Your crop" : "Your crop (click to end it, Esc cancels)"}
      style={rectStyle(rect, colour)}
    >
      {done && actions ? <CropActions>{actions}</CropActions> : null}
    </div>
  );
}

/** A rectangle the address asked to show (`crop=x,y,w,h`), e.g. the region a comment is about. */
export function Highlight({ rect }: { rect: FractionRect }) {
  return <div className="viewer-crop highlight" role="img" aria-label="Highlighted region" style={rectStyle(rect)} />;
}
