/** One resource as the floor plan draws it. */
export interface PlanItem {
  id: number;
  name: string;
  /** 0 room, 1 desk. */
  type: number;
  x: number;
  y: number;
  state: string;
  label: string;
  detail: string;
  pickable: boolean;
  /** Written beside the marker when the zoom allows: the name, and the capacity of a room. */
  caption?: string;
}
