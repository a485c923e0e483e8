// scripts/test.sh runs this once before the parallel test workers start: the declaration cache as the harness
// builds it (on ports of its reserved range, never the addon's defaults), so no two workers build it at once.
import {prepareDeclarationCache} from '../test/support/editor.js'

const built = await prepareDeclarationCache()
console.log(built ? 'built addon/declarations.cache for the tests' : 'addon/declarations.cache matches the addon')
