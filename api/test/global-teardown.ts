import { tearDownTestServices } from '../../scripts/lib/test-services.ts';

export default () => tearDownTestServices();
