import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import type { photoFormAction } from "~/routes/photos/photo-forms.server";
import { ErrorModal } from "./error-modal";
import { useFetcherRefusal } from "./forms/use-fetcher-refusal";
import { PhotoCard, photoLabel, type GridPhoto } from "./photo-grid";
import "./photos.css";

function SortablePhoto({
  photo,
  href,
  position,
  count,
}: {
  photo: GridPhoto;
  href: string;
  position: number;
  count: number;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
  });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? "photo-card dragging" : "photo-card"}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <PhotoCard photo={photo} href={href} />
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        {...attributes}
        {...listeners}
        aria-label={`Move ${photoLabel(photo)}, position ${position} of ${count}`}
      >
        ⠿ Move
      </button>
    </li>
  );
}

/**
 * The owner's single-year view: the featured photos in position order, reordered
 * by dragging a photo's handle, or with the keyboard (focus 'Move', Space to
 * pick up, arrow keys to move, Space to drop, Escape to cancel). Each drop is
 * saved on the server as positions 1..n.
 */
export function SortableYearGrid({
  photos,
  year,
  hrefFor,
}: {
  photos: GridPhoto[];
  year: number;
  hrefFor: (photo: GridPhoto) => string;
}) {
  const fetcher = useFetcher<typeof photoFormAction>({ key: `reorder-${year}` });
  const [refusal, dismiss] = useFetcherRefusal(fetcher);
  const [order, setOrder] = useState(() => photos.map((photo) => photo.id));
  // The server's order wins whenever the list is (re)loaded.
  const serverOrder = photos.map((photo) => photo.id).join(",");
  useEffect(() => setOrder(serverOrder.split(",").filter(Boolean).map(Number)), [serverOrder]);

  const byId = useMemo(() => new Map(photos.map((photo) => [photo.id, photo])), [photos]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const label = (id: string | number) => {
    const photo = byId.get(Number(id));
    return photo ? photoLabel(photo) : "photo";
  };
  const place = (id: string | number) => order.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active.id)}, position ${place(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${label(active.id)} moved to position ${place(over.id)} of ${order.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${label(active.id)} dropped at position ${place(over.id)} of ${order.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(Number(active.id)), order.indexOf(Number(over.id)));
    setOrder(next);
    fetcher.submit({ intent: "reorder", year: String(year), photoIds: next.join(",") }, { method: "post" });
  };

  if (photos.length === 0) return <p className="muted">No photos yet.</p>;
  return (
    <>
      <DndContext
        id={`year-${year}`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements }}
      >
        <SortableContext items={order} strategy={rectSortingStrategy}>
          <ul className="photo-grid" aria-label={`Featured photos of ${year}`}>
            {order.flatMap((id, index) => {
              const photo = byId.get(id);
              return photo
                ? [
                    <SortablePhoto
                      key={id}
                      photo={photo}
                      href={hrefFor(photo)}
                      position={index + 1}
                      count={order.length}
                    />,
                  ]
                : [];
            })}
          </ul>
        </SortableContext>
      </DndContext>
      {fetcher.state !== "idle" ? (
        <p role="status" className="muted">
          Saving the new order...
        </p>
      ) : null}
      <ErrorModal title="An error has occurred" message={refusal} onClose={dismiss} />
    </>
  );
}
