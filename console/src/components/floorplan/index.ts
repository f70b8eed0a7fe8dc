export { FloorPlan, type FloorPlanProps, type PlanItem } from './FloorPlan.tsx';
