export { useToast } from '../../app/hooks.ts';
