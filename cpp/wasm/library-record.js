// chesswasm — an emscripten JS library linked into the debug module only (build/wasm-debug,
// CMakeLists.txt), for scripts/gen-boundary.mjs: it records what embind registers (every
// type's id and name, each function's and method's type names, each value object's fields)
// on the module as `embindRegistrations`, from which the TypeScript side of the boundary is
// generated. The release module does not have it.
//
// Three of embind's library functions get a recording wrapper: registerType,
// craftInvokerFunction and _embind_finalize_value_object. Each wrapper records, then calls
// embind's own function (kept under the name <name>_unrecorded). Embind's functions are
// private to emscripten, so this file checks at link time that each still takes the
// parameters written here: when an emscripten update changes one, the debug build fails with
// a message naming it, instead of generating from a registration it no longer sees.
// SPDX-License-Identifier: MIT
(function () {
  var lib = LibraryManager.library;
  function wrap(name, params, wrapper, deps) {
    var original = lib[name];
    var m = typeof original === 'function' && /^function\s*\w*\s*\(([^)]*)\)/.exec(original.toString());
    var found = m ? m[1].replace(/\s+/g, ' ').trim() : String(original);
    if (found !== params) {
      throw new Error('cpp/wasm/library-record.js: emscripten\'s ' + name + ' takes (' + found + '), not (' +
        params + '): update the recording wrapper for this emscripten version');
    }
    var kept = '$' + name.replace(/^\$/, '') + '_unrecorded';
    lib[kept] = original;
    lib[kept + '__deps'] = lib[name + '__deps'] || [];
    lib[name + '__deps'] = deps.concat([kept]);
    lib[name] = wrapper;
  }
  var RECORD = '$embindRecord';
  lib[RECORD] = function () {
    return Module['embindRegistrations'] ||
      (Module['embindRegistrations'] = { types: new Map(), invokers: [], structs: [] });
  };
  wrap('$registerType', 'rawType, registeredInstance, options = {}', function (rawType, registeredInstance, options) {
    embindRecord().types.set(rawType, registeredInstance.name);
    return registerType_unrecorded(rawType, registeredInstance, options);
  }, [RECORD]);
  wrap('$craftInvokerFunction', 'humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc',
    function (humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
      embindRecord().invokers.push({ name: humanName, types: argTypes.map(function (t) { return t ? t.name : null; }) });
      return craftInvokerFunction_unrecorded(humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc);
    }, [RECORD]);
  wrap('_embind_finalize_value_object', 'structType', function (structType) {
    var reg = structRegistrations[structType];
    embindRecord().structs.push({
      id: structType,
      name: reg.name,
      fields: reg.fields.map(function (f) { return [f.fieldName, f.getterReturnType]; }),
    });
    return _embind_finalize_value_object_unrecorded(structType);
  }, [RECORD, '$structRegistrations']);
})();
