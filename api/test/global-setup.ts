import { setUpTestServices } from '../../scripts/lib/test-services.ts';

export default () => setUpTestServices('lendpath_api_test');
