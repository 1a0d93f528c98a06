import { tearDownTestServices } from '../../scripts/lib/jest-database.ts';

export default () => tearDownTestServices();
