import { TableModel } from '../../db/model.ts';

/** A location (site, building) with the IANA zone its resources default to. */
export class LocationModel extends TableModel {
  static override tableName = 'locations';
  /** `floorCount` is not a column: the lists add it as a subquery, whose COUNT some drivers answer as text. */
  static override coerce = { floorCount: 'number' } as const;
  id!: number;
  name!: string;
  timeZone!: string;
  address!: string | null;
  sort!: number;
  createdAt!: number;
  updatedAt!: number;
  floorCount?: number;
}

/** A floor of a location, with its plan and icons (upload ids). */
export class FloorModel extends TableModel {
  static override tableName = 'floors';
  id!: number;
  locationId!: number;
  name!: string;
  displayName!: string;
  sort!: number;
  planUploadId!: string | null;
  padIconUploadId!: string | null;
  gridIconUploadId!: string | null;
  createdAt!: number;
  updatedAt!: number;
}
