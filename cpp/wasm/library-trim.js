// chesswasm — an emscripten JS library linked into the package's module (CMakeLists.txt): the
// one place where emscripten's glue is changed rather than configured, kept because it is
// worth its bytes (3.2 KB of the minified gzipped glue, which a Vite app that imports only
// `Position` and `chessgroundDests` ships: docs/architecture.md, "The glue").
//
// Wide strings: embind registers std::wstring, std::u16string and std::u32string in every module, which
// brings UTF-16 and UTF-32 converters into the glue. No wide string crosses this boundary, so
// those types are registered here with conversions that refuse any use: 0.4 KB less gzipped
// glue. (mergeInto replaces embind's definition of the same library function.)
// SPDX-License-Identifier: MIT
// Every function of emscripten's that this file replaces or calls is private to emscripten,
// so the link checks that each is still the one this file was written against (emscripten
// 3.1.6): a hash of its source text, whitespace aside. An emscripten update that changes any
// of them fails the build with the function's name, to be looked at again (the replacement
// may have to follow, or may no longer be worth its bytes: docs/architecture.md, "The glue").
(function () {
  // Name: the hashes of the versions this file was checked against (emscripten 3.1.6).
  var WRITTEN_AGAINST = {
    _embind_register_std_wstring: [0x197ce684],
    $createNamedFunction: [0xc1108786],
    _embind_register_std_string: [0xf6fc1e85],
    _embind_register_class: [0xd10d0aac],
    _embind_register_class_constructor: [0xc8550bcc],
    _embind_register_class_function: [0x9992ddf4],
    $init_emval: [0xf6b29ed4],
    $replacePublicSymbol: [0xcf890d66],
    $throwInternalError: [0x94831e53],
    $exposePublicSymbol: [0x8150f52a],
    $registerType: [0xdacfa8a0],
    $craftInvokerFunction: [0x7f50a03e],
    _embind_register_function: [0xcee890c3],
    $whenDependentTypesAreResolved: [0x2eb7fa89],
    $heap32VectorToArray: [0x58cff004],
    $embind__requireFunction: [0xab233fe5],
    $makeLegalFunctionName: [0x3a36f343],
    $readLatin1String: [0xfd0a76ac],
    $simpleReadValueFromPointer: [0x7b0a73b],
    $throwBindingError: [0x63667fa3],
  };
  function fnv1a(text) {
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  }
  var changed = [];
  for (var name in WRITTEN_AGAINST) {
    var f = LibraryManager.library[name];
    var h = typeof f === 'function' ? fnv1a(f.toString().replace(/\s+/g, ' ')) : -1;
    if (WRITTEN_AGAINST[name].indexOf(h) < 0) changed.push(name + ' (0x' + (h >>> 0).toString(16) + ')');
  }
  if (changed.length) {
    throw new Error('cpp/wasm/library-trim.js was written against emscripten 3.1.6; these functions differ: ' +
      changed.join(', '));
  }
})();

mergeInto(LibraryManager.library, {
  _embind_register_std_wstring__deps: ['$readLatin1String', '$registerType', '$throwBindingError'],
  _embind_register_std_wstring: function (rawType, charSize, name) {
    name = readLatin1String(name);
    var refuse = function () {
      throwBindingError('no ' + name + ' crosses the chesswasm boundary');
    };
    registerType(rawType, {
      name: name,
      fromWireType: refuse,
      toWireType: refuse,
      argPackAdvance: 8,
      readValueFromPointer: refuse,
      destructorFunction: null,
    });
  },
});

// Start-up: embind names every class constructor, enum value and invoker with
// createNamedFunction, which builds each with `new Function` (one eval per name: 132 enum
// values, ~60 invokers, the classes). The same function, named with defineProperty instead,
// takes no eval: import-to-first-position time, see docs/performance.md ("import").
mergeInto(LibraryManager.library, {
  $createNamedFunction__deps: ['$makeLegalFunctionName'],
  $createNamedFunction: function (name, body) {
    var named = function () {
      return body.apply(this, arguments);
    };
    Object.defineProperty(named, 'name', { value: makeLegalFunctionName(name) });
    return named;
  },
});

// std::string: only from wasm to JS (a few returned names and messages; every text JS passes
// crosses through the I/O buffer, no bound function takes a std::string). 3.1.6 decodes a
// returned std::string piece by piece between NUL bytes, each piece with a TextDecoder that
// drops a leading U+FEFF, so "\0\uFEFF" lost its U+FEFF (a PGN error's detail could). Here the
// whole string is one decode that keeps every U+FEFF (ignoreBOM) and every NUL. A
// std::string from JS, and std::basic_string<unsigned char> (registered by embind in every
// module, used by no binding here), are refused with a BindingError: without their
// converters (UTF-8 encoding, Latin-1 checks) the glue is 0.4 KB smaller gzipped.
mergeInto(LibraryManager.library, {
  _embind_register_std_string__deps: ['$readLatin1String', '$registerType', '$simpleReadValueFromPointer',
    '$throwBindingError', 'free'],
  _embind_register_std_string: function (rawType, name) {
    name = readLatin1String(name);
    var utf8 = name === 'std::string';
    var decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    var refuse = function () {
      throwBindingError('no ' + name + ' crosses from JS to the chesswasm module');
    };
    registerType(rawType, {
      name: name,
      fromWireType: function (value) {
        if (!utf8) {
          _free(value);
          refuse();
        }
        var str = decoder.decode(HEAPU8.subarray(value + 4, value + 4 + HEAPU32[value >> 2]));
        _free(value);
        return str;
      },
      toWireType: refuse,
      argPackAdvance: 8,
      readValueFromPointer: simpleReadValueFromPointer,
      destructorFunction: function (ptr) {
        _free(ptr);
      },
    });
  },
});

// emval's handle counters for debugging (Module.count_emval_handles, get_first_emval): not
// used.
mergeInto(LibraryManager.library, {
  $init_emval__deps: [],
  $init_emval: function () {},
});

// Start-up: embind builds each function's and method's invoker with `new Function` when it is
// registered (about 90 evals while the module starts; importing the package and listing the
// start position's moves calls six of them: hotCalls, ioBuffer, moveBuffer, the Position
// constructor, address, setStart). Here an invoker is built on its first call: the property
// (a method on the prototype, a free function on the module, a constructor in its class's
// table) starts as a function that crafts the invoker with embind's own craftInvokerFunction,
// puts it in its place and calls it, so a call after the first costs what it did. (A getter
// replaced by a data property was measured slower: the prototype lost its fast properties,
// legalSan 0.86x.) The debug build (ASSERTIONS) crafts at once, as embind does:
// library-record.js records every invoker for scripts/gen-boundary.mjs when it is crafted.
// Import to first position: docs/performance.md.
mergeInto(LibraryManager.library, {
  $lazyInvoker: function (target, key, craft) {
#if ASSERTIONS
    target[key] = craft();
#else
    target[key] = function () {
      var invoker = (target[key] = craft());
      return invoker.apply(this, arguments);
    };
#endif
  },

  _embind_register_function__deps: ['$heap32VectorToArray', '$readLatin1String', '$embind__requireFunction',
    '$exposePublicSymbol', '$throwUnboundTypeError', '$whenDependentTypesAreResolved', '$craftInvokerFunction',
    '$lazyInvoker'],
  _embind_register_function: function (name, argCount, rawArgTypesAddr, signature, rawInvoker, fn) {
    var argTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    name = readLatin1String(name);
    rawInvoker = embind__requireFunction(signature, rawInvoker);
    exposePublicSymbol(name, function () {
      throwUnboundTypeError('Cannot call ' + name + ' due to unbound types', argTypes);
    }, argCount - 1);
    whenDependentTypesAreResolved([], argTypes, function (argTypes) {
      var invokerArgsArray = [argTypes[0], null].concat(argTypes.slice(1));
      lazyInvoker(Module, name, function () {
        return craftInvokerFunction(name, invokerArgsArray, null, rawInvoker, fn);
      });
      return [];
    });
  },
});

// Classes. The three registered classes (Position, Setup, PgnSource) have no base class, no
// smart pointer, no virtual function and no overloaded method, and JS never gets a second
// handle to an object (no method returns a pointer; setupOf returns a new Setup by value).
// embind's class runtime serves all of those: inheritance with up- and downcasts, smart
// pointers and their sharing policies, instances shared by address, reference-counted
// clone(), isAliasOf(), deleteLater() and finalizers for smart pointers. Here a class is a
// constructor (overloaded by argument count, as embind does), a prototype with the methods,
// delete() and isDeleted(), and the converters of its reference, pointer and const pointer
// types, with embind's type names ("Position", "Position*", "Position const*") and checks
// (null for a reference, an object of another kind or class, a deleted object: BindingError).
// 1.9 KB less gzipped glue; the call path (craftInvokerFunction) is embind's own.
mergeInto(LibraryManager.library, {
  _embind_register_class__deps: ['$readLatin1String', '$registerType', '$embind__requireFunction',
    '$makeLegalFunctionName', '$createNamedFunction', '$exposePublicSymbol', '$throwBindingError',
    '$simpleReadValueFromPointer'],
  _embind_register_class: function (rawType, rawPointerType, rawConstPointerType, baseClassRawType,
    getActualTypeSignature, getActualType, upcastSignature, upcast, downcastSignature, downcast, name,
    destructorSignature, rawDestructor) {
    name = readLatin1String(name);
    if (baseClassRawType || upcast || downcast) throwBindingError(name + ': base classes are not supported');
    rawDestructor = embind__requireFunction(destructorSignature, rawDestructor);
    var ctors = [];
    var constructor = createNamedFunction(makeLegalFunctionName(name), function () {
      if (!(this instanceof constructor)) throwBindingError("Use 'new' to construct " + name);
      var body = ctors[arguments.length];
      if (!body) {
        throwBindingError('Tried to invoke ctor of ' + name + ' with invalid number of parameters (' +
          arguments.length + ') - expected (' + Object.keys(ctors) + ') parameters instead!');
      }
      return body.apply(this, arguments);
    });
    var proto = constructor.prototype;
    proto['delete'] = function () {
      if (!this.$$.ptr) throwBindingError(name + ' instance already deleted');
      rawDestructor(this.$$.ptr);
      this.$$.ptr = 0;
    };
    proto['isDeleted'] = function () {
      return !this.$$.ptr;
    };
    var registeredClass = { name: name, constructor: constructor, proto: proto, ctors: ctors };
    function converter(typeName, isReference, isConst) {
      return {
        name: typeName,
        registeredClass: registeredClass,
        isConst: isConst,
        // A pointer from wasm: a new object that owns it (null for a null pointer).
        fromWireType: function (ptr) {
          return ptr ? Object.create(proto, { $$: { value: { ptr: ptr, registeredClass: registeredClass } } }) : null;
        },
        toWireType: function (destructors, handle) {
          if (handle === null) {
            if (isReference) throwBindingError('null is not a valid ' + typeName);
            return 0;
          }
          var $$ = handle !== undefined ? handle.$$ : undefined;
          if ($$ === undefined || $$.registeredClass !== registeredClass) {
            throwBindingError('Cannot pass a ' + typeof handle + ' that is no ' + name + ' as a ' + typeName);
          }
          if (!$$.ptr) throwBindingError('Cannot pass deleted object as a pointer of type ' + typeName);
          return $$.ptr;
        },
        argPackAdvance: 8,
        readValueFromPointer: simpleReadValueFromPointer,
        destructorFunction: null,
      };
    }
    registerType(rawType, converter(name, true, false));
    registerType(rawPointerType, converter(name + '*', false, false));
    registerType(rawConstPointerType, converter(name + ' const*', false, true));
    exposePublicSymbol(makeLegalFunctionName(name), constructor);
  },

  _embind_register_class_constructor__deps: ['$heap32VectorToArray', '$embind__requireFunction',
    '$whenDependentTypesAreResolved', '$craftInvokerFunction', '$lazyInvoker'],
  _embind_register_class_constructor: function (rawClassType, argCount, rawArgTypesAddr, invokerSignature, invoker,
    rawConstructor) {
    var rawArgTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    invoker = embind__requireFunction(invokerSignature, invoker);
    whenDependentTypesAreResolved([], [rawClassType], function (classType) {
      classType = classType[0];
      whenDependentTypesAreResolved([], rawArgTypes, function (argTypes) {
        argTypes.splice(1, 0, null); // no `this`
        var ctors = classType.registeredClass.ctors;
        lazyInvoker(ctors, argCount - 1, function () {
          return craftInvokerFunction('constructor ' + classType.name, argTypes, null, invoker, rawConstructor);
        });
        return [];
      });
      return [];
    });
  },

  _embind_register_class_function__deps: ['$heap32VectorToArray', '$readLatin1String', '$embind__requireFunction',
    '$whenDependentTypesAreResolved', '$craftInvokerFunction', '$throwBindingError', '$lazyInvoker'],
  _embind_register_class_function: function (rawClassType, methodName, argCount, rawArgTypesAddr, invokerSignature,
    rawInvoker, context, isPureVirtual) {
    var rawArgTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    methodName = readLatin1String(methodName);
    rawInvoker = embind__requireFunction(invokerSignature, rawInvoker);
    whenDependentTypesAreResolved([], [rawClassType], function (classType) {
      classType = classType[0];
      var humanName = classType.name + '.' + methodName;
      var proto = classType.registeredClass.proto;
      if (isPureVirtual || Object.prototype.hasOwnProperty.call(proto, methodName)) {
        throwBindingError(humanName + ': overloaded and pure virtual methods are not supported');
      }
      whenDependentTypesAreResolved([], rawArgTypes, function (argTypes) {
        lazyInvoker(proto, methodName, function () {
          return craftInvokerFunction(humanName, argTypes, classType, rawInvoker, context);
        });
        return [];
      });
      return [];
    });
  },
});

// Public names (Module.X for each class, enum and free function). embind lets free functions
// share a name when their argument counts differ (an overload table and a dispatcher); no two
// bindings here share a name, so a name is set once, and a second registration of it is
// refused as embind refuses one with the same argument count.
mergeInto(LibraryManager.library, {
  $exposePublicSymbol__deps: ['$throwBindingError'],
  $exposePublicSymbol: function (name, value, numArguments) {
    if (Module.hasOwnProperty(name)) throwBindingError("Cannot register public name '" + name + "' twice");
    Module[name] = value;
    if (undefined !== numArguments) Module[name].numArguments = numArguments;
  },
  $replacePublicSymbol__deps: ['$throwInternalError'],
  $replacePublicSymbol: function (name, value, numArguments) {
    if (!Module.hasOwnProperty(name)) throwInternalError('Replacing nonexistant public symbol');
    Module[name] = value;
    Module[name].argCount = numArguments;
  },
});
