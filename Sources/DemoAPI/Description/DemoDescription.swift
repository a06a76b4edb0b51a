/// The demo API's own OpenAPI 3.1 description, served at `GET /openapi.json` and named by the
/// `Link` header (`rel="service-desc"`) of `GET /`.
///
/// It describes the resources a person browses (users, posts, comments, orders, the live
/// resources, the event stream), the login and the jobs that requests are chained and polled
/// with, and `GET /inventory`, which answers outside its schema on
/// purpose: one item's `quantity` is a string and another has no `sku`, so a browser that checks
/// responses has a violation to show.
enum DemoDescription {
    /// Where the description is served.
    static let path = "/openapi.json"

    /// The `Link` header value of the index.
    static let link = "<\(path)>; rel=\"service-desc\"; type=\"application/openapi+json\""

    /// The description, as JSON text.
    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "hammock demo API",
            "version": "1.0.0",
            "summary": "Users, posts, live orders and streams to browse offline.",
            "description": "The server hammock starts when it is given no URL. `GET /inventory` answers outside its schema on purpose."
          },
          "servers": [{ "url": "/", "description": "this server" }],
          "tags": [
            { "name": "users", "description": "People who write posts." },
            { "name": "posts", "description": "Posts and their comments." },
            { "name": "orders", "description": "Orders whose status moves on by itself." },
            { "name": "live", "description": "Resources that change while you watch." },
            { "name": "inventory", "description": "A route that breaks its own schema." },
            { "name": "auth", "description": "A bearer-token login to chain requests with." },
            { "name": "jobs", "description": "Jobs that are done after a number of polls." },
            { "name": "testing", "description": "Routes for trying a client." }
          ],
          "paths": {
            "/": {
              "get": {
                "operationId": "getIndex",
                "tags": ["testing"],
                "summary": "The entry point: the server's name and a link to every route",
                "responses": {
                  "200": {
                    "description": "The index.",
                    "headers": { "Link": { "description": "Where this description is.", "schema": { "type": "string" } } },
                    "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Index" } } }
                  }
                }
              }
            },
            "/users": {
              "get": {
                "operationId": "listUsers",
                "tags": ["users"],
                "summary": "List the users",
                "responses": {
                  "200": {
                    "description": "Every user, in short.",
                    "content": {
                      "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/UserSummary" } } }
                    }
                  }
                }
              },
              "post": {
                "operationId": "createUser",
                "tags": ["users"],
                "summary": "Create a user",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": { "$ref": "#/components/schemas/NewUser" },
                      "example": { "username": "ada", "name": "Ada Lovelace", "email": "ada@example.org" }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The user made; `Location` names it.",
                    "content": { "application/json": { "schema": { "$ref": "#/components/schemas/User" } } }
                  },
                  "400": { "$ref": "#/components/responses/BadRequest" }
                }
              }
            },
            "/users/{id}": {
              "parameters": [{ "$ref": "#/components/parameters/UserId" }],
              "get": {
                "operationId": "getUser",
                "tags": ["users"],
                "summary": "Get a user",
                "responses": {
                  "200": { "description": "The user.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/User" } } } },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              },
              "put": {
                "operationId": "replaceUser",
                "tags": ["users"],
                "summary": "Replace a user",
                "requestBody": {
                  "required": true,
                  "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewUser" } } }
                },
                "responses": {
                  "200": { "description": "The user now.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/User" } } } },
                  "400": { "$ref": "#/components/responses/BadRequest" },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              },
              "patch": {
                "operationId": "updateUser",
                "tags": ["users"],
                "summary": "Change some of a user's fields",
                "requestBody": {
                  "required": true,
                  "content": { "application/json": { "schema": { "$ref": "#/components/schemas/UserChanges" } } }
                },
                "responses": {
                  "200": { "description": "The user now.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/User" } } } },
                  "400": { "$ref": "#/components/responses/BadRequest" },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              },
              "delete": {
                "operationId": "deleteUser",
                "tags": ["users"],
                "summary": "Delete a user",
                "responses": {
                  "204": { "description": "Deleted." },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              }
            },
            "/users/{id}/posts": {
              "parameters": [{ "$ref": "#/components/parameters/UserId" }],
              "get": {
                "operationId": "listPostsOfUser",
                "tags": ["users", "posts"],
                "summary": "The posts a user wrote",
                "responses": {
                  "200": {
                    "description": "The user's posts, in short.",
                    "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/PostSummary" } } } }
                  },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              }
            },
            "/posts": {
              "get": {
                "operationId": "listPosts",
                "tags": ["posts"],
                "summary": "List the posts",
                "responses": {
                  "200": {
                    "description": "Every post, in short.",
                    "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/PostSummary" } } } }
                  }
                }
              },
              "post": {
                "operationId": "createPost",
                "tags": ["posts"],
                "summary": "Write a post",
                "requestBody": {
                  "required": true,
                  "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewPost" } } }
                },
                "responses": {
                  "201": { "description": "The post made.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Post" } } } },
                  "400": { "$ref": "#/components/responses/BadRequest" }
                }
              }
            },
            "/posts/{id}": {
              "parameters": [{ "$ref": "#/components/parameters/PostId" }],
              "get": {
                "operationId": "getPost",
                "tags": ["posts"],
                "summary": "Get a post",
                "responses": {
                  "200": { "description": "The post.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Post" } } } },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              },
              "put": {
                "operationId": "replacePost",
                "tags": ["posts"],
                "summary": "Replace a post",
                "requestBody": {
                  "required": true,
                  "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewPost" } } }
                },
                "responses": {
                  "200": { "description": "The post now.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Post" } } } },
                  "400": { "$ref": "#/components/responses/BadRequest" },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              },
              "patch": {
                "operationId": "updatePost",
                "tags": ["posts"],
                "summary": "Change some of a post's fields",
                "requestBody": {
                  "required": true,
                  "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PostChanges" } } }
                },
                "responses": {
                  "200": { "description": "The post now.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Post" } } } },
                  "400": { "$ref": "#/components/responses/BadRequest" },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              },
              "delete": {
                "operationId": "deletePost",
                "tags": ["posts"],
                "summary": "Delete a post",
                "responses": {
                  "204": { "description": "Deleted." },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              }
            },
            "/posts/{id}/comments": {
              "parameters": [{ "$ref": "#/components/parameters/PostId" }],
              "get": {
                "operationId": "listCommentsOfPost",
                "tags": ["posts"],
                "summary": "The comments on a post",
                "responses": {
                  "200": {
                    "description": "The comments.",
                    "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Comment" } } } }
                  },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              }
            },
            "/comments/{id}": {
              "get": {
                "operationId": "getComment",
                "tags": ["posts"],
                "summary": "Get a comment",
                "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 1 }, "example": 1 }],
                "responses": {
                  "200": { "description": "The comment.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Comment" } } } },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              }
            },
            "/orders": {
              "get": {
                "operationId": "listOrders",
                "tags": ["orders"],
                "summary": "List the orders, each at its current status",
                "responses": {
                  "200": {
                    "description": "Every order, in short.",
                    "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/OrderSummary" } } } }
                  }
                }
              }
            },
            "/orders/{id}": {
              "get": {
                "operationId": "getOrder",
                "tags": ["orders"],
                "summary": "Get an order: its items, status and history",
                "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "integer" }, "example": 7 }],
                "responses": {
                  "200": { "description": "The order now.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Order" } } } },
                  "304": { "description": "Not modified since the ETag given in If-None-Match." },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              }
            },
            "/live/counter": {
              "get": {
                "operationId": "getCounter",
                "tags": ["live"],
                "summary": "A number that counts up every step",
                "responses": {
                  "200": {
                    "description": "The count now.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": ["count", "updatedAt", "stepMilliseconds"],
                          "properties": {
                            "count": { "type": "integer", "minimum": 0 },
                            "updatedAt": { "type": "string", "format": "date-time" },
                            "stepMilliseconds": { "type": "integer", "minimum": 1 }
                          }
                        }
                      }
                    }
                  },
                  "304": { "description": "Not modified." }
                }
              }
            },
            "/live/list": {
              "get": {
                "operationId": "getLiveList",
                "tags": ["live"],
                "summary": "A list that grows and shrinks",
                "responses": {
                  "200": {
                    "description": "The list now.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": ["count", "updatedAt", "items"],
                          "properties": {
                            "count": { "type": "integer", "minimum": 0 },
                            "updatedAt": { "type": "string", "format": "date-time" },
                            "items": {
                              "type": "array",
                              "items": {
                                "type": "object",
                                "required": ["id", "name", "value", "createdAt"],
                                "properties": {
                                  "id": { "type": "integer" },
                                  "name": { "type": "string" },
                                  "value": { "type": "integer" },
                                  "createdAt": { "type": "string", "format": "date-time" }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "304": { "description": "Not modified." }
                }
              }
            },
            "/live/static": {
              "get": {
                "operationId": "getStatic",
                "tags": ["live"],
                "summary": "A resource that never changes (every refresh is a 304)",
                "responses": {
                  "200": {
                    "description": "The same body every time.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": ["name", "description", "createdAt", "links"],
                          "properties": {
                            "name": { "type": "string" },
                            "description": { "type": "string" },
                            "createdAt": { "type": "string", "format": "date-time" },
                            "links": { "type": "object", "additionalProperties": { "type": "string" } }
                          }
                        }
                      }
                    }
                  },
                  "304": { "description": "Not modified." }
                }
              }
            },
            "/events": {
              "get": {
                "operationId": "streamEvents",
                "tags": ["live"],
                "summary": "Server-Sent Events, one a step",
                "responses": {
                  "200": { "description": "An endless event stream.", "content": { "text/event-stream": { "schema": { "type": "string" } } } }
                }
              }
            },
            "/inventory": {
              "get": {
                "operationId": "getInventory",
                "tags": ["inventory"],
                "summary": "The stock, answered outside this schema on purpose",
                "responses": {
                  "200": {
                    "description": "Every item in stock.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": ["items"],
                          "properties": { "items": { "type": "array", "items": { "$ref": "#/components/schemas/StockItem" } } }
                        }
                      }
                    }
                  }
                }
              }
            },
            "/login": {
              "post": {
                "operationId": "logIn",
                "tags": ["auth"],
                "summary": "Log in: any username with the password \"secret\" gets a new token",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": { "$ref": "#/components/schemas/Credentials" },
                      "example": { "username": "ada", "password": "secret" }
                    }
                  }
                },
                "responses": {
                  "200": { "description": "A new token.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Token" } } } },
                  "400": { "$ref": "#/components/responses/BadRequest" },
                  "401": { "$ref": "#/components/responses/Unauthorized" }
                }
              }
            },
            "/me": {
              "get": {
                "operationId": "getMe",
                "tags": ["auth"],
                "summary": "Who the bearer token belongs to",
                "security": [{ "bearerAuth": [] }],
                "responses": {
                  "200": { "description": "The user logged in.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Me" } } } },
                  "401": { "$ref": "#/components/responses/Unauthorized" }
                }
              }
            },
            "/logins": {
              "get": {
                "operationId": "countLogins",
                "tags": ["auth"],
                "summary": "How many logins succeeded so far",
                "responses": {
                  "200": {
                    "description": "The count.",
                    "content": {
                      "application/json": {
                        "schema": { "type": "object", "required": ["count"], "properties": { "count": { "type": "integer", "minimum": 0 } } }
                      }
                    }
                  }
                }
              }
            },
            "/jobs": {
              "post": {
                "operationId": "startJob",
                "tags": ["jobs"],
                "summary": "Start a job that is done after a number of polls",
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": { "steps": { "type": "integer", "minimum": 1, "maximum": 100, "default": 3, "description": "The polls it takes." } }
                      },
                      "example": { "steps": 3 }
                    }
                  }
                },
                "responses": {
                  "202": {
                    "description": "Started; `Location` names the job.",
                    "headers": { "Location": { "description": "The job's path.", "schema": { "type": "string", "format": "uri-reference" } } },
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": ["id", "status"],
                          "properties": { "id": { "type": "integer", "minimum": 1 }, "status": { "type": "string", "const": "pending" } }
                        }
                      }
                    }
                  },
                  "400": { "$ref": "#/components/responses/BadRequest" }
                }
              }
            },
            "/jobs/{id}": {
              "get": {
                "operationId": "pollJob",
                "tags": ["jobs"],
                "summary": "Poll a job: pending until its last poll, then done with a result",
                "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 1 }, "example": 1 }],
                "responses": {
                  "200": { "description": "The job now.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Job" } } } },
                  "404": { "$ref": "#/components/responses/NotFound" }
                }
              }
            },
            "/text": {
              "get": {
                "operationId": "getText",
                "tags": ["testing"],
                "summary": "Plain text",
                "responses": { "200": { "description": "Some lines.", "content": { "text/plain": { "schema": { "type": "string" } } } } }
              }
            },
            "/slow": {
              "get": {
                "operationId": "getSlow",
                "tags": ["testing"],
                "summary": "An answer after a delay",
                "parameters": [
                  {
                    "name": "delay",
                    "in": "query",
                    "description": "Milliseconds to wait.",
                    "schema": { "type": "integer", "minimum": 0, "maximum": 60000, "default": 1000 }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "How long it slept.",
                    "content": {
                      "application/json": {
                        "schema": { "type": "object", "required": ["slept"], "properties": { "slept": { "type": "integer" } } }
                      }
                    }
                  },
                  "400": { "$ref": "#/components/responses/BadRequest" }
                }
              }
            },
            "/errors/{status}": {
              "get": {
                "operationId": "getError",
                "tags": ["testing"],
                "summary": "An error with the status asked for",
                "parameters": [
                  { "name": "status", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 400, "maximum": 599 }, "example": 500 }
                ],
                "responses": {
                  "default": { "description": "The error asked for.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } }
                }
              }
            }
          },
          "components": {
            "parameters": {
              "UserId": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 1 }, "example": 1 },
              "PostId": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 1 }, "example": 1 }
            },
            "responses": {
              "NotFound": { "description": "No such thing.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
              "BadRequest": { "description": "The request was not understood.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
              "Unauthorized": {
                "description": "No token the server gave out, or a wrong password.",
                "headers": { "WWW-Authenticate": { "description": "Always `Bearer`.", "schema": { "type": "string" } } },
                "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
              }
            },
            "securitySchemes": {
              "bearerAuth": { "type": "http", "scheme": "bearer", "description": "A token from `POST /login`." }
            },
            "schemas": {
              "Index": {
                "type": "object",
                "required": ["name", "links"],
                "properties": { "name": { "type": "string" }, "links": { "type": "object", "additionalProperties": { "type": "string" } } }
              },
              "Error": {
                "type": "object",
                "required": ["error", "status"],
                "properties": { "error": { "type": "string" }, "status": { "type": "integer", "minimum": 400, "maximum": 599 } }
              },
              "UserSummary": {
                "type": "object",
                "required": ["id", "username", "name", "url"],
                "properties": {
                  "id": { "type": "integer", "readOnly": true },
                  "username": { "type": "string" },
                  "name": { "type": "string" },
                  "url": { "type": "string", "format": "uri-reference", "readOnly": true }
                }
              },
              "User": {
                "type": "object",
                "required": ["id", "username", "name", "email", "url", "posts"],
                "properties": {
                  "id": { "type": "integer", "readOnly": true },
                  "username": { "type": "string" },
                  "name": { "type": "string" },
                  "email": { "type": "string" },
                  "url": { "type": "string", "format": "uri-reference", "readOnly": true },
                  "posts": { "type": "string", "format": "uri-reference", "readOnly": true }
                }
              },
              "NewUser": {
                "type": "object",
                "description": "Fields left out are stored empty.",
                "properties": {
                  "username": { "type": "string" },
                  "name": { "type": "string" },
                  "email": { "type": "string" }
                }
              },
              "UserChanges": {
                "type": "object",
                "description": "A field left out or null stays as it is.",
                "properties": { "username": { "type": ["string", "null"] }, "name": { "type": ["string", "null"] }, "email": { "type": ["string", "null"] } }
              },
              "PostSummary": {
                "type": "object",
                "required": ["id", "userId", "title", "url"],
                "properties": {
                  "id": { "type": "integer", "readOnly": true },
                  "userId": { "type": "integer" },
                  "title": { "type": "string" },
                  "url": { "type": "string", "format": "uri-reference", "readOnly": true }
                }
              },
              "Post": {
                "type": "object",
                "required": ["id", "userId", "title", "body", "url", "user", "comments"],
                "properties": {
                  "id": { "type": "integer", "readOnly": true },
                  "userId": { "type": "integer" },
                  "title": { "type": "string" },
                  "body": { "type": "string" },
                  "url": { "type": "string", "format": "uri-reference", "readOnly": true },
                  "user": { "type": "string", "format": "uri-reference", "readOnly": true },
                  "comments": { "type": "string", "format": "uri-reference", "readOnly": true }
                }
              },
              "NewPost": {
                "type": "object",
                "required": ["userId"],
                "description": "userId names an existing user; a title or body left out is stored empty.",
                "properties": { "userId": { "type": "integer", "minimum": 1, "example": 1 }, "title": { "type": "string" }, "body": { "type": "string" } }
              },
              "PostChanges": {
                "type": "object",
                "description": "A field left out or null stays as it is.",
                "properties": { "userId": { "type": ["integer", "null"], "minimum": 1 }, "title": { "type": ["string", "null"] }, "body": { "type": ["string", "null"] } }
              },
              "Comment": {
                "type": "object",
                "required": ["id", "postId", "name", "email", "body", "url", "post"],
                "properties": {
                  "id": { "type": "integer" },
                  "postId": { "type": "integer" },
                  "name": { "type": "string" },
                  "email": { "type": "string", "format": "email" },
                  "body": { "type": "string" },
                  "url": { "type": "string", "format": "uri-reference" },
                  "post": { "type": "string", "format": "uri-reference" }
                }
              },
              "OrderStatus": { "type": "string", "enum": ["placed", "paid", "packed", "shipped", "delivered"] },
              "OrderSummary": {
                "type": "object",
                "required": ["id", "url", "delivery", "status", "updatedAt", "total"],
                "properties": {
                  "id": { "type": "integer" },
                  "url": { "type": "string", "format": "uri-reference" },
                  "delivery": { "type": "integer" },
                  "status": { "$ref": "#/components/schemas/OrderStatus" },
                  "updatedAt": { "type": "string", "format": "date-time" },
                  "total": { "type": "number", "minimum": 0 }
                }
              },
              "Order": {
                "type": "object",
                "required": ["id", "url", "delivery", "status", "updatedAt", "placedAt", "items", "total", "currency", "history"],
                "properties": {
                  "id": { "type": "integer" },
                  "url": { "type": "string", "format": "uri-reference" },
                  "delivery": { "type": "integer" },
                  "status": { "$ref": "#/components/schemas/OrderStatus" },
                  "updatedAt": { "type": "string", "format": "date-time" },
                  "placedAt": { "type": "string", "format": "date-time" },
                  "items": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "name", "quantity", "price"],
                      "properties": {
                        "id": { "type": "integer" },
                        "name": { "type": "string" },
                        "quantity": { "type": "integer", "minimum": 1 },
                        "price": { "type": "number", "minimum": 0 }
                      }
                    }
                  },
                  "total": { "type": "number", "minimum": 0 },
                  "currency": { "type": "string", "const": "EUR" },
                  "history": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["status", "at"],
                      "properties": { "status": { "$ref": "#/components/schemas/OrderStatus" }, "at": { "type": "string", "format": "date-time" } }
                    }
                  },
                  "trackingNumber": { "type": "string", "pattern": "^HMK-[0-9]+-[0-9]+$" }
                }
              },
              "Credentials": {
                "type": "object",
                "required": ["username", "password"],
                "properties": { "username": { "type": "string", "minLength": 1 }, "password": { "type": "string" } }
              },
              "Token": {
                "type": "object",
                "required": ["token", "tokenType", "expiresIn"],
                "properties": {
                  "token": { "type": "string", "minLength": 1 },
                  "tokenType": { "type": "string", "const": "Bearer" },
                  "expiresIn": { "type": "integer", "minimum": 1 }
                }
              },
              "Me": {
                "type": "object",
                "required": ["username", "logins"],
                "properties": { "username": { "type": "string" }, "logins": { "type": "integer", "minimum": 1 } }
              },
              "Job": {
                "type": "object",
                "required": ["id", "status", "polls"],
                "properties": {
                  "id": { "type": "integer", "minimum": 1 },
                  "status": { "type": "string", "enum": ["pending", "done"] },
                  "polls": { "type": "integer", "minimum": 1 },
                  "result": {
                    "type": "object",
                    "required": ["steps", "message"],
                    "properties": { "steps": { "type": "integer", "minimum": 1 }, "message": { "type": "string" } }
                  }
                },
                "if": { "properties": { "status": { "const": "done" } } },
                "then": { "required": ["result"] },
                "else": { "not": { "required": ["result"] } }
              },
              "StockItem": {
                "type": "object",
                "required": ["sku", "name", "quantity"],
                "properties": {
                  "sku": { "type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$" },
                  "name": { "type": "string" },
                  "quantity": { "type": "integer", "minimum": 0 }
                }
              }
            }
          }
        }
        """#
}
